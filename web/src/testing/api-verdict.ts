import type { ZodMiniType } from 'zod/mini';
import { findRoute } from '@server/manifest';
import { codeOf } from '@server/shared/issue-codes';
import { checkForm, fieldOfPath, type RouteForm } from '../lib/forms/route-form';

/** Accepted, or the code of the refusal and the form field it lands on. */
type Verdict = 'accepted' | { field: string; code: string };

/**
 * Browser == API, for the forms' tests: what the API answers a form's payload before any handler
 * runs (the kit validates the body with the manifest route's schema and answers the code of the
 * first issue: lambdas/kit/validate.ts), beside what the form says of the same values on that field.
 */
export function verdicts<F, S extends ZodMiniType>(
  form: RouteForm<F, S>,
  values: F,
  service: string,
  method: string,
): { api: Verdict; form: Verdict } {
  const body = { [form.inputKey]: form.toInput(values) };
  const parsed = findRoute(service, method).input.safeParse(body);
  const checked = checkForm(form, values);
  if (parsed.success)
    return {
      api: 'accepted',
      form: checked.ok
        ? 'accepted'
        : { field: [...checked.issues.keys()][0], code: [...checked.issues.values()][0].code },
    };
  const [code, params] = codeOf(parsed.error.issues[0]);
  const field = fieldOfPath(form, String(params.field).slice(form.inputKey.length + 1));
  const issue = checked.ok ? undefined : checked.issues.get(field);
  return { api: { field, code }, form: issue ? { field, code: issue.code } : 'accepted' };
}
