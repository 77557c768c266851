import { ConflictError, staleVersion } from '../../core/errors';
import type { Activity, OpenPlanCondition } from '../activities';
import type { PlanLine } from './store';
import { planStore } from './store.dynamodb';
import { versionKeys } from './store/items';
import { tableName } from '../../aws/dynamodb/client';
import type { TransactItem } from '../../aws/dynamodb/transaction';

/** Lines that run outside the activity's dates (the activity moved after they were planned). */
export const strandedLines = <L extends Pick<PlanLine, 'StartDate' | 'EndDate'>>(
  a: Pick<Activity, 'StartDate' | 'EndDate'>,
  lines: L[],
): L[] => lines.filter((l) => l.StartDate < a.StartDate || l.EndDate > a.EndDate);

/** Names each stranded line with its dates (the first ten), e.g. "'Search' (2026-03-01 to 2026-03-31)". */
export function namedLines(lines: Pick<PlanLine, 'Name' | 'StartDate' | 'EndDate'>[]): string {
  const shown = lines
    .slice(0, 10)
    .map((l) => `'${l.Name}' (${l.StartDate} to ${l.EndDate})`)
    .join(', ');
  return shown + (lines.length > 10 ? ` and ${lines.length - 10} more` : '');
}

/** The open (Draft or Submitted) version of an activity's plan as read, or null when none was open. */
type OpenVersionRead = { versionId: number; version: number } | null;

/**
 * The open version did not change since it was read: no line created, deleted or moved on the full
 * path (each bumps the header's version; a one-write change cannot move a line's dates), and no
 * other version opened. SaveActivity's new dates rely on it.
 */
function openVersionUnchanged(companyId: number, activityId: number, open: OpenVersionRead): TransactItem[] {
  if (!open) {
    return [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: versionKeys.plan(companyId, activityId),
          ConditionExpression:
            'attribute_not_exists(pk) OR attribute_not_exists(OpenMixId) OR attribute_type(OpenMixId, :null)',
          ExpressionAttributeValues: { ':null': 'NULL' },
        },
      },
    ];
  }
  return [
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: versionKeys.header(companyId, open.versionId),
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeValues: { ':v': open.version },
      },
    },
  ];
}

/**
 * New activity dates must not strand lines of its open plan version: SaveActivity
 * refuses dates that would leave a line of the Draft or Submitted version outside them (409 naming
 * each line and its dates). Approved and Rejected versions are history and keep their dates.
 *
 * Atomic with the activity's write: the open version's lines are read consistently, and the
 * version read (or none) goes with the activity's write, which fails with `conflict` if the version
 * changed since — every line create, delete or date change goes through the full path, which bumps
 * the header's version, and a one-write change cannot move a line's dates (its condition holds the
 * dates read) — or if a version opened meanwhile. The other way round, a line saved after the new
 * dates commit is checked against them by the full path's activity check (docs/media-plans.md
 * "Lines and the activity's dates").
 */
export async function openPlanKeepsInside(
  companyId: number,
  after: Pick<Activity, 'ID' | 'StartDate' | 'EndDate'>,
): Promise<OpenPlanCondition> {
  const plan = await planStore.plan(companyId, after.ID, true);
  const conflict = staleVersion(
    'The media plan of this activity changed while its dates were being saved; reload it and save again',
  );
  const open = plan?.OpenMixId ? await planStore.versionWithLines(companyId, plan.OpenMixId, true) : undefined;
  if (!open) return { conditions: openVersionUnchanged(companyId, after.ID, null), conflict };
  const out = strandedLines(after, open.lines);
  if (out.length) {
    throw new ConflictError(
      `The dates ${after.StartDate} to ${after.EndDate} would leave ${out.length === 1 ? 'a line' : `${out.length} lines`} ` +
        `of plan version ${open.header.Version} outside them: ${namedLines(out)}; move or delete those lines first`,
      'ACTIVITY_DATES_STRAND_LINES',
      {
        start: after.StartDate,
        end: after.EndDate,
        count: out.length,
        version: open.header.Version,
        lines: namedLines(out),
      },
    );
  }
  const read = { versionId: open.header.ID, version: open.header.version };
  return { conditions: openVersionUnchanged(companyId, after.ID, read), conflict };
}
