import type { ConflictError } from '../../core/errors';
import type { ChannelType } from './replies';

/** A global channel type (docs/domain.md), stored as the reply declares it (modules/channel-types/replies.ts). */
export type { ChannelType };

/** What the catalogue rules need of storage; channel-type-store.dynamodb.ts implements it. */
export interface ChannelTypeStore {
  getChannelType(id: number, consistent?: boolean): Promise<ChannelType | undefined>;
  /** The whole catalogue, in id order. */
  listChannelTypes(): Promise<ChannelType[]>;
  /** A new channel type with its name guard and audit entry; a taken name is a ConflictError. */
  insertChannelType(t: ChannelType): Promise<void>;
  /** A changed channel type from the version read (`stale` when another save came first), moving its name guard on a rename. */
  replaceChannelType(before: ChannelType, after: ChannelType, stale: ConflictError): Promise<void>;
}
