/**
 * MediaMixService: the versions of an activity's media plan and their approval lifecycle
 * (docs/domain.md, shared/version-status.ts).
 *
 * Scope: every route is account-scoped. x-account-id is the page's main account (or the
 * sub-account the activity is booked on); a mix belongs to the page when its activity does. Another
 * account's mix id answers 403, another company's 404 (keys carry the caller's company).
 * Client-only users see Approved versions only: any other version answers 404 to them, as if it
 * did not exist (Draft and Submitted versions are invisible to clients, docs/domain.md).
 *
 * Concurrency: every header write is conditional on the version read. Line creates and deletes
 * (and line changes of the full path) bump the header's version too; a line change made in one
 * write does not (lines.ts), so Submit first locks the lines and then takes the version's
 * figures from them: what is approved is exactly what was submitted and what the approver saw.
 */

// The service's operations, one file per part of the plan's life (the handlers import them here):
// scope.ts (views, scope and Draft checks, why a write failed), reads.ts,
// versions.ts (start, rename, copy) and lifecycle.ts (submit … client answers).

export type {
  LineView,
  VersionInfo,
  VersionLineView,
  VersionList,
  VersionListItem,
  VersionView,
} from './replies/plans';
export { getNewestVersionInfo, getVersionInfo, listVersions } from './reads';
export { createNextVersion, saveVersionFor } from './versions';
export { approveVersion, clientDeclineFor, clientSignOff, rejectVersionFor, submitVersion } from './lifecycle';
