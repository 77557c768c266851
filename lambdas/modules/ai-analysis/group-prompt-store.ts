import type { ChannelGroup } from '../channel-types/replies';

/**
 * The AI analysis prompt of one channel group of a main account (docs/table-design.md
 * "Group prompt"). Absent = the built-in default (lambdas/modules/ai-analysis/group-prompts.ts),
 * version 0. Saved from the version read, with its audit entry, all the prompts of one save in one
 * transaction.
 */
export interface GroupPromptItem {
  AccountId: number;
  ChannelGroup: ChannelGroup;
  Prompt: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

export interface GroupPromptChange {
  /** The version read (0: never saved). */
  beforeVersion: number;
  before: GroupPromptItem | null;
  after: GroupPromptItem;
}

/** What the group prompts need of storage; group-prompt-store.dynamodb.ts implements it. */
export interface GroupPromptStore {
  /** The saved prompts of one main account (at most one per channel group: five items). */
  listGroupPrompts(companyId: number, accountId: number, consistent?: boolean): Promise<GroupPromptItem[]>;
  /** Saves each prompt if nobody saved it since its version read (else 409 STALE_VERSION), each with its audit entry, all or nothing. */
  putGroupPrompts(companyId: number, changes: readonly GroupPromptChange[]): Promise<void>;
}
