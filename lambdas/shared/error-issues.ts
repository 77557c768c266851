import type { ErrorReason, ReasonParams } from './error-reasons';

/**
 * One problem of an input made of many parts — a CSV file's lines — where one error code cannot say
 * everything: WHERE (`line`, the file's own line number, header = 1; `field`, the column's header
 * word, absent when the whole line is wrong) and WHY (`code`, a reason of shared/error-reasons.ts,
 * and its `params`: the reason's own, `reason` itself, and `detail`, the English text, for logs and
 * a console that does not know the reason yet). The console translates each one
 * (web/src/lib/api-error-text.ts issueText), so no English sentence is listed under a Hebrew headline.
 *
 * An error reply carries them as `ErrorIssues` beside its code (lambdas/kit/envelope.ts), at most
 * the first few; the code's params say how many there are in all. Shared with the console.
 */
export interface ErrorIssue {
  line: number;
  field?: string;
  code: ErrorReason;
  params: ReasonParams & { detail: string };
}
