import { ConflictError, STALE_VERSION_MESSAGE } from '../../../core/errors';

/**
 * Why a media plan write did not commit: a fact the domain decided on, and handed to the store to
 * re-check at commit time, no longer held. Each class names the fact (the store knows which
 * condition failed, not the story behind it); the domain reads the state again to tell the user
 * what happened and what to do (modules/media-plans/write-errors.ts). One the domain leaves unexplained is
 * still a proper 409: "changed by someone else, reload".
 */
export abstract class PlanFactChanged extends ConflictError {
  constructor() {
    super(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  }
}

/** The version's header moved on since it was read, left the status the write needs, or is gone. */
export class VersionChanged extends PlanFactChanged {}

/** The activity was deleted, moved to another account, or no longer runs around the dates relied on. */
export class ActivityChanged extends PlanFactChanged {}

/** An account the plan lives under (its main account, or the sub-account it is booked on) is no longer Active. */
export class AccountArchived extends PlanFactChanged {
  constructor(readonly accountId: number) {
    super();
  }
}

/** The activity's plan moved on: a version opened meanwhile, or the version is no longer the open or the latest approved one. */
export class PlanChanged extends PlanFactChanged {}

/** The activity has a plan already: its first version was started meanwhile. */
export class PlanExists extends PlanFactChanged {}

/** The line moved on since it was read (changed, deleted). */
export class LineChanged extends PlanFactChanged {}
