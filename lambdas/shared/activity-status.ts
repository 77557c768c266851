/**
 * The activity lifecycle of docs/domain.md: Draft 1 → Planned 2 → Live 3 → Completed 4, or Cancelled 5.
 * The numbers are part of the API (the console and the legacy client send them; `activityStatus -1`
 * in a list means any), so never renumber. SDK-free: schemas, Lambdas and the console share it.
 */
export enum ActivityStatus {
  Draft = 1,
  Planned = 2,
  Live = 3,
  Completed = 4,
  Cancelled = 5,
}

/** `activityStatus` of a list call that does not filter by status. */
export const ANY_ACTIVITY_STATUS = -1;

/**
 * The moves SetActivityStatus allows. Planned → Draft reopens a plan for rework; Completed and
 * Cancelled are final (a cancelled flight that comes back is a new activity).
 */
export const ACTIVITY_TRANSITIONS: Readonly<Record<ActivityStatus, readonly ActivityStatus[]>> = {
  [ActivityStatus.Draft]: [ActivityStatus.Planned, ActivityStatus.Cancelled],
  [ActivityStatus.Planned]: [ActivityStatus.Live, ActivityStatus.Draft, ActivityStatus.Cancelled],
  [ActivityStatus.Live]: [ActivityStatus.Completed, ActivityStatus.Cancelled],
  [ActivityStatus.Completed]: [],
  [ActivityStatus.Cancelled]: [],
};

export const isActivityStatus = (n: number): n is ActivityStatus => Number.isInteger(n) && n >= 1 && n <= 5;

export const canMoveActivity = (from: ActivityStatus, to: ActivityStatus) => ACTIVITY_TRANSITIONS[from].includes(to);
