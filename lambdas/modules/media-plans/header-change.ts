import { ConflictError } from '../../core/errors';
import type { Activity } from '../activities';
import type { PlanLine, PlanVersion, MediaPlanStore } from './store';
import type { UserProfile } from '../tenancy';
import { VersionStatus, type VersionAction } from '../../shared/version-status';
import { readPlanAccounts } from './plan-accounts';
import { namedLines, strandedLines } from './plan-dates';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { versionView, explainHeader, explainActivity } from './scope';

/** A header change: the version as read and as it will be, the store's operation that writes it and the status it needs. */
export interface HeaderStep {
  before: PlanVersion;
  after: PlanVersion;
  write: 'renameDraft' | 'submitVersion' | 'approveVersion' | 'rejectVersion' | 'answerAsClient';
  expectStatus: VersionStatus;
  action?: VersionAction;
  /** The version's lines (Submit, Approve): none may lie outside the activity's dates, until the commit. */
  lines?: PlanLine[];
  /** Why the plan item's condition failed (the step's own words; default: a reload 409). */
  planChanged?: () => Promise<Error>;
}

/**
 * Writes a header change from the version read, with its audit entry, all or nothing: the plan's
 * accounts must be Active and the activity the page's and not deleted (and, given the lines, around
 * them) — checked now and re-checked by the store at commit. A fact changed meanwhile is explained
 * by reading the state again.
 */
export async function changeHeader(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  step: HeaderStep,
): Promise<void> {
  const companyId = caller.companyId;
  const { before, after, lines, action } = step;
  const read = await readPlanAccounts(companyId, before.ActivityId, store);
  if (lines) requireLinesInside(before, read.activity, lines, action);
  const span = lines?.length ? lineSpan(lines) : undefined;
  const guards = planWriteGuards(read, scopeAccountId, span && { ...span, field: 'lines' });
  await explained(
    () =>
      store[step.write]({
        companyId,
        before,
        after,
        guards,
        audit: { before: versionView(before), after: versionView(after) },
      }),
    {
      accounts: read.accounts,
      version: () => explainHeader(store, companyId, before.ID, step.expectStatus, action),
      activity: async () => {
        const now = lines && (await store.activity(companyId, before.ActivityId, true));
        if (now && lines && strandedLines(now, lines).length) return strandedError(before, now, lines, action);
        return explainActivity(store, companyId, scopeAccountId, before.ActivityId);
      },
      plan: step.planChanged,
    },
  );
}

/** The first start and last end of a version's lines: the activity must run around them. */
export const lineSpan = (lines: Pick<PlanLine, 'StartDate' | 'EndDate'>[]) => ({
  start: lines.reduce((m, l) => (l.StartDate < m ? l.StartDate : m), lines[0].StartDate),
  end: lines.reduce((m, l) => (l.EndDate > m ? l.EndDate : m), lines[0].EndDate),
});

function strandedError(
  m: Pick<PlanVersion, 'Version'>,
  a: Activity,
  lines: PlanLine[],
  action?: VersionAction,
): ConflictError {
  const out = strandedLines(a, lines);
  const fix =
    action === 'approve'
      ? 'reject it so the planner can move them'
      : "move them inside the activity's dates (or change the activity's dates) first";
  return new ConflictError(
    `Version ${m.Version} has ${out.length === 1 ? 'a line' : `${out.length} lines`} outside the activity's dates ${a.StartDate} to ${a.EndDate}: ` +
      `${namedLines(out)}; ${fix}`,
    'PLAN_LINES_OUTSIDE_ACTIVITY',
    { version: m.Version, count: out.length, start: a.StartDate, end: a.EndDate, lines: namedLines(out) },
  );
}

/** Submit and Approve refuse a version with lines outside its activity's dates. */
function requireLinesInside(m: PlanVersion, a: Activity, lines: PlanLine[], action?: VersionAction): void {
  if (strandedLines(a, lines).length) throw strandedError(m, a, lines, action);
}
