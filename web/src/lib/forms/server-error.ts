import type { ZodMiniType } from 'zod/mini';
import { ApiError } from '../api-client';
import { fieldOfPath, withFieldNames, type FieldIssue, type RouteForm } from './route-form';

/**
 * The form field a refused save belongs to, with the issue to show there: a 400 whose code names a
 * `field` of the route's input (FIELD_REQUIRED, FIELD_INVALID… with `account.Name`; FORMULA_INVALID,
 * LINE_OUTSIDE_ACTIVITY…), or a code the form ties to a field (RouteForm.codeFields). Null for any
 * other failure (the screen's snackbar says it) and for a field this form does not show.
 */
export function serverFieldIssue<F, S extends ZodMiniType>(
  err: unknown,
  form: RouteForm<F, S>,
  shown: (field: string) => boolean,
): { field: string; issue: FieldIssue } | null {
  if (!(err instanceof ApiError) || !err.code) return null;
  const issue = { code: err.code, params: err.params };
  const { field: path } = err.params;
  const prefix = `${form.inputKey}.`;
  let field: string | undefined;
  if (typeof path === 'string' && path.startsWith(prefix)) field = fieldOfPath(form, path.slice(prefix.length));
  else field = form.codeFields?.[err.code];
  return field && shown(field) ? { field, issue: withFieldNames(form, issue) } : null;
}
