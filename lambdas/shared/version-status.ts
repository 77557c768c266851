/**
 * The media-plan (media mix) lifecycle of docs/domain.md: Draft 1 → Submitted 2 → Approved 3 | Rejected 4.
 * The numbers are part of the API (the console and the legacy client send and show them), so never
 * renumber. SDK-free: schemas, Lambdas and the console share it.
 *
 * Transitions (MediaMixService):
 * - SubmitMediaMix  Draft → Submitted (agency staff; the version must have at least one line)
 * - ApproveMediaMix Submitted → Approved (MediaPlanApprover; fixes the exchange rate and the pricing)
 * - RejectMediaMix  Submitted → Rejected (MediaPlanApprover; with a reason)
 * - CreateMediaMixVersion: a new Draft copied from an Approved or Rejected version
 * Approved and Rejected versions never change again (client sign-off/decline only stamp an Approved one).
 */
export enum VersionStatus {
  Draft = 1,
  Submitted = 2,
  Approved = 3,
  Rejected = 4,
}

export const MEDIA_MIX_STATUS_NAMES: Readonly<Record<VersionStatus, string>> = {
  [VersionStatus.Draft]: 'Draft',
  [VersionStatus.Submitted]: 'Submitted',
  [VersionStatus.Approved]: 'Approved',
  [VersionStatus.Rejected]: 'Rejected',
};

/** 'order': OrdersService.GenerateOrders makes orders from an Approved version only (docs/buy-side.md). */
export type VersionAction = 'submit' | 'approve' | 'reject' | 'sign off' | 'decline' | 'copy' | 'order';

/** The one status each action starts from (copy: a new version is made from an Approved or Rejected one). */
export const ACTION_FROM: Readonly<Record<VersionAction, readonly VersionStatus[]>> = {
  submit: [VersionStatus.Draft],
  approve: [VersionStatus.Submitted],
  reject: [VersionStatus.Submitted],
  'sign off': [VersionStatus.Approved],
  decline: [VersionStatus.Approved],
  copy: [VersionStatus.Approved, VersionStatus.Rejected],
  order: [VersionStatus.Approved],
};

/** "a Draft", "an Approved" */
const article = (s: VersionStatus) => (MEDIA_MIX_STATUS_NAMES[s].match(/^[AEIOU]/) ? 'an' : 'a');

/**
 * The 409 text of an illegal transition, naming the state the version is in and the one the action
 * needs: "Cannot approve a Draft version (only a Submitted version can be approved)".
 */
export function illegalTransitionMessage(action: VersionAction, from: VersionStatus): string {
  const allowed = ACTION_FROM[action].map((s) => MEDIA_MIX_STATUS_NAMES[s]).join(' or ');
  const done: Record<VersionAction, string> = {
    submit: 'submitted',
    approve: 'approved',
    reject: 'rejected',
    'sign off': 'signed off',
    decline: 'declined',
    copy: 'copied into a new version',
    order: 'ordered from',
  };
  const verb = action === 'copy' ? 'create a new version from' : action === 'order' ? 'make orders from' : action;
  return `Cannot ${verb} ${article(from)} ${MEDIA_MIX_STATUS_NAMES[from]} version (only ${/^[AEIOU]/.test(allowed) ? 'an' : 'a'} ${allowed} version can be ${done[action]})`;
}

export const isVersionStatus = (n: number): n is VersionStatus => Number.isInteger(n) && n >= 1 && n <= 4;

/** Account currencies (Account.Currency) and their ISO codes, for exchange-rate lookups. */
export const CURRENCY_CODES: Readonly<Record<1 | 2, 'USD' | 'ILS'>> = { 1: 'USD', 2: 'ILS' };
/** The currency a plan is also shown in: USD ↔ ILS. */
export const otherCurrency = (c: 1 | 2): 1 | 2 => (c === 1 ? 2 : 1);
