import type { TFunction } from 'i18next';
import type { ErrorParams } from '@server/shared/error-codes';
import type { ErrorIssue } from '@server/shared/error-issues';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * Params whose VALUE is itself a word to translate, and where its translations live: an entity
 * name ("MediaMix"), a plan status ("Approved"), a plan action ("approve"), an activity status (3).
 */
const TRANSLATED_VALUES: Record<string, string> = {
  entity: 'apiErrors.entities',
  status: 'apiErrors.planStatus',
  action: 'apiErrors.planActions',
  fromStatus: 'activityStatus',
  toStatus: 'activityStatus',
  // WRONG_TYPE's kind of value ("number"): a field refuses a number typed in no language's way with it.
  expected: 'apiErrors.valueTypes',
  // An order's stored document (ORDER_DOCUMENT_CHANGED): pdf, xlsx or the signed copy (offline).
  format: 'apiErrors.documentFormats',
};

/** A param's value, translated when it is a word TRANSLATED_VALUES names and the catalogue has. */
function shownValue(name: string, value: string | number, t: TFunction): string | number {
  const valueKey = TRANSLATED_VALUES[name] && `${TRANSLATED_VALUES[name]}.${value}`;
  return valueKey && i18n.exists(valueKey) ? t(valueKey) : value;
}

/**
 * A failed call in the user's language: the catalogue's message for its code
 * (`apiErrors.codes.<CODE>`, web/src/locales/apiErrors.*.json) with its params, or the server's own
 * message when the code is unknown to this console (a newer server) or absent.
 */
export function apiErrorText(err: ApiError, t: TFunction): string {
  return (err.code && codeText(err.code, err.params, t)) || err.message;
}

/**
 * The catalogue's message of a code with its params (undefined when this console does not know the
 * code): what apiErrorText shows for a reply, and what a form (lib/forms) shows on a field for the
 * same code, its `field` param being the field's label there.
 */
export function codeText(code: string, params: ErrorParams, t: TFunction): string | undefined {
  const key = `apiErrors.codes.${code}`;
  if (!i18n.exists(key)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) values[name] = shownValue(name, value, t);
  const reason = reasonText(params, t);
  // A CSV row's column is the file's own header word (date, from, to, rate): shown as written.
  if (reason) values.detail = params.column ? `${params.column}: ${reason}` : reason;
  return t(key, values);
}

/**
 * Why a value was refused, in the user's language: the reason's text (`apiErrors.reasons.<REASON>`,
 * lambdas/shared/error-reasons.ts) with its params, numbers in the user's locale. Undefined when the
 * reply has no reason this console knows (a newer server): the caller keeps the English detail then.
 */
export function reasonText(params: Record<string, string | number>, t: TFunction): string | undefined {
  const key = `apiErrors.reasons.${params.reason}`;
  if (typeof params.reason !== 'string' || !i18n.exists(key)) return undefined;
  const values: Record<string, string | number> = {};
  const numbers = new Intl.NumberFormat(i18n.language || 'en', { maximumFractionDigits: 20 });
  for (const [name, value] of Object.entries(params))
    values[name] =
      typeof value === 'number' && name !== 'position' ? numbers.format(value) : shownValue(name, value, t);
  return t(key, values);
}

/**
 * One problem of a many-part input (ErrorIssues: a CSV file's line) in the user's language: its
 * reason's text with its params, after the field it is about as the file writes it ("rate: …");
 * the English detail when this console does not know the reason (a newer server). Where it is (the
 * line) is the caller's to say, in its own sentence.
 */
export function issueText(issue: ErrorIssue, t: TFunction): string {
  const why = reasonText({ ...issue.params, reason: issue.code }, t) ?? issue.params.detail;
  return issue.field && why !== issue.params.detail ? `${issue.field}: ${why}` : why;
}

/** Any error a form shows: an API error translated by its code, a Cognito error by its name, else its message. */
export function errorMessage(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) return apiErrorText(err, t);
  const name = (err as { name?: string } | null)?.name;
  // Cognito refuses a disabled user at the password step with this one message: say so, not "wrong password".
  if (name === 'NotAuthorizedException' && (err as Error).message === 'User is disabled.')
    return t('apiErrors.codes.USER_DISABLED');
  if (name && i18n.exists(`apiErrors.cognito.${name}`)) return t(`apiErrors.cognito.${name}`);
  return err instanceof Error ? err.message : String(err);
}
