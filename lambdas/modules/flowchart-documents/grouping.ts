import { CHANNEL_GROUPS } from '../../shared/channel-type-lists';
import type { FlowGroupKey, FlowLine } from '../../shared/flowchart';
import type { AccountChannelType } from '../channel-types';
import type { FlowchartLabels } from './labels';

/** How the PDF's lines are grouped: the console's three groupings (web flowchart's model/flow-view.ts). */
export type FlowGroupBy = 'channelGroup' | 'channelType' | 'vendor';

/** A flowchart row of a plan's or an order's line, with what its group is found by. */
export interface GroupedLine extends FlowLine {
  channelTypeId: number;
  channelTypeName: string;
  vendorId: number | null;
}

/**
 * A line's group, as the console's `groupOfLine`: its account channel type's channel group (Search,
 * Social, Video, Display, Offline in that order, "Other" last for a type not found), its channel
 * type, or its vendor (the lines without one last).
 */
export function groupOf(
  by: FlowGroupBy,
  channelTypes: readonly Pick<AccountChannelType, 'ID' | 'Group'>[],
  L: FlowchartLabels,
  vendorNames: ReadonlyMap<number, string>,
): (line: GroupedLine) => FlowGroupKey {
  if (by === 'channelType') return (l) => ({ key: `type:${l.channelTypeId}`, label: l.channelTypeName, rank: 0 });
  if (by === 'vendor')
    return (l) =>
      l.vendorId === null
        ? { key: 'vendor:none', label: L.noVendor, rank: 1 }
        : { key: `vendor:${l.vendorId}`, label: vendorNames.get(l.vendorId) ?? `#${l.vendorId}`, rank: 0 };
  const groups = new Map(channelTypes.map((ct) => [ct.ID, ct.Group as string]));
  return (l) => {
    const group = groups.get(l.channelTypeId);
    const rank = CHANNEL_GROUPS.indexOf(group as (typeof CHANNEL_GROUPS)[number]);
    return rank === -1
      ? { key: 'Other', label: L.groups.Other, rank: CHANNEL_GROUPS.length }
      : { key: group!, label: L.groups[CHANNEL_GROUPS[rank]], rank };
  };
}
