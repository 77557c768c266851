import type { input, output, ZodMiniType } from 'zod/mini';
import type { ErrorCode, ErrorParams } from '@server/shared/error-codes';
import { codeOf } from '@server/shared/issue-codes';

/** Why a value is refused: an error code of the API (lambdas/shared/error-codes.ts) and its params. */
export interface FieldIssue {
  code: ErrorCode;
  params: ErrorParams;
}

/** A refusal the schema cannot state (see RouteForm.rules), at a path of the route's input. */
export interface RuleIssue extends FieldIssue {
  path: string;
}

/** The form-level error of react-hook-form: an issue of the whole input, or of a field no input shows. */
export const ROOT = 'root';

/**
 * A console form checked by its route: the route's own zod schema (a module's schemas.ts, what the
 * manifest validates) over the form's values converted to the route's input in ONE place, so the
 * browser refuses exactly what the API refuses, with the API's error codes.
 */
export interface RouteForm<F, S extends ZodMiniType = ZodMiniType> {
  /** The route's input schema, e.g. `accountInput` (SaveAccount's `account`). */
  schema: S;
  /** The form's values as the route's input: the one place where text becomes numbers. */
  toInput: (values: F) => input<S>;
  /** The key the route's body holds the input under ('account'): the server's field paths start with it. */
  inputKey: string;
  /** The form field that shows the issue of an input path; default: the same path. */
  fieldOf?: (path: string) => string;
  /**
   * The route's rules that its schema does not hold (the domain checks them with nothing but the
   * input, e.g. PacingHigh above PacingLow), each with the code the API answers: checked here too so
   * a save does not bounce. They run once the schema accepts the input.
   */
  rules?: (input: output<S>, values: F) => RuleIssue[];
  /** Codes the API answers without a `field` param that belong to one field (NAME_TAKEN → Name). */
  codeFields?: Partial<Record<ErrorCode, string>>;
  /** An issue said in the form's terms, for a field typed in other units than the route takes (MB for bytes). */
  restate?: (field: string, issue: FieldIssue, values: F) => FieldIssue;
}

export type FormCheck<S extends ZodMiniType> =
  | { ok: true; input: output<S> }
  /** The first issue of each form field, by field path (ROOT: the whole form). */
  | { ok: false; issues: Map<string, FieldIssue> };

/** The form field of an input path (schema paths are joined with dots: Lines.0.SharePct). */
export const fieldOfPath = <F, S extends ZodMiniType>(form: RouteForm<F, S>, path: string): string =>
  path === '' ? ROOT : form.fieldOf ? form.fieldOf(path) : path;

/** An issue naming another input field (`other`: DATE_NOT_BEFORE, SAME_CURRENCY) names its form field. */
export function withFieldNames<F, S extends ZodMiniType>(form: RouteForm<F, S>, issue: FieldIssue): FieldIssue {
  const { other } = issue.params;
  return typeof other === 'string' ? { ...issue, params: { ...issue.params, other: fieldOfPath(form, other) } } : issue;
}

/** Checks a form's values with its route's schema (and rules); the issues are the API's codes. */
export function checkForm<F, S extends ZodMiniType>(form: RouteForm<F, S>, values: F): FormCheck<S> {
  const parsed = form.schema.safeParse(form.toInput(values));
  const issues = new Map<string, FieldIssue>();
  const add = (path: string, issue: FieldIssue) => {
    const field = fieldOfPath(form, path);
    if (issues.has(field)) return;
    const named = withFieldNames(form, issue);
    issues.set(field, form.restate ? form.restate(field, named, values) : named);
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [code, params] = codeOf(issue);
      add(issue.path.join('.'), { code, params });
    }
    return { ok: false, issues };
  }
  for (const { path, code, params } of form.rules?.(parsed.data, values) ?? []) add(path, { code, params });
  return issues.size ? { ok: false, issues } : { ok: true, input: parsed.data };
}
