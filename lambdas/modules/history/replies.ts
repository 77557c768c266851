import type { Page } from '../../shared/replies/reply';

/**
 * Item history: what GetItemHistory answers, read from the audit entries every change
 * writes. Plain TypeScript shared with the console.
 */

/** The kinds of item whose history can be read (the route's `entity`). */
export const HISTORY_ENTITIES = [
  'account',
  'activity',
  'mediaMix',
  'mediaChannel',
  'channelType',
  'accountChannelType',
  'template',
  'customColumn',
  'configuration',
  'user',
  'exchangeRate',
  'billableStatement',
  'vendor',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** What an audit entry records. */
export type HistoryAction = 'create' | 'update' | 'archive' | 'restore' | 'finalize' | 'reopen';

/** A value as shown: text, a number (money already in major units), yes/no, or nothing. Long values are cut. */
export type HistoryValue = string | number | boolean | null;

/** One changed field: its name as stored (`Budget`, `Fees.Management`), before and after. */
export interface FieldChange {
  Field: string;
  Before: HistoryValue;
  After: HistoryValue;
}

export interface HistoryEntry {
  At: string;
  Action: HistoryAction;
  /** Who made the change: the user's name from the company's profiles, else the e-mail recorded. */
  WhoName: string;
  /** An automatic change: the process that made it ('activity-schedule'), which the console words; null for a person. */
  System: string | null;
  /** The changed fields only (on a create: the fields set), at most MAX_HISTORY_FIELDS. */
  Changes: FieldChange[];
  /** How many more fields changed than are listed. */
  MoreChanges: number;
}

export type ItemHistoryPage = Page<HistoryEntry>;

/** At most this many fields per entry; a value is cut to MAX_HISTORY_VALUE characters. */
export const MAX_HISTORY_FIELDS = 25;
export const MAX_HISTORY_VALUE = 120;
