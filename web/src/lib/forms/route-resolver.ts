import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { core, type ZodMiniType } from 'zod/mini';
import { fieldText, type LabelOf } from './field-text';
import { checkForm, type RouteForm } from './route-form';

/** A path as react-hook-form nests it: "Lines.0.SharePct" → ['Lines', 0, 'SharePct']. */
const segments = (path: string) => path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/**
 * react-hook-form's resolver of a route form: @hookform/resolvers' zod resolver (which turns zod
 * issues into react-hook-form's nested field errors, field arrays included) over the route's schema.
 * The zod resolver keeps only each issue's message and zod code, and our schemas carry their English
 * messages themselves (they outrank a per-parse error map), so it is handed a schema whose parse
 * converts the values (RouteForm.toInput), checks them (checkForm) and reports each issue at its form
 * field with the translated text of the API's code (fieldText). The resolved values are the form's own
 * (`raw`): a dialog's onSave gets its form back and converts it with the same toInput.
 */
export function routeResolver<F extends FieldValues, S extends ZodMiniType>(
  form: RouteForm<F, S>,
  labelOf: LabelOf,
  t: TFunction,
): Resolver<F> {
  const checked = {
    _zod: form.schema._zod,
    parse(values: F): F {
      const result = checkForm(form, values);
      if (result.ok) return values;
      const issues = [...result.issues].map(
        ([field, issue]): core.$ZodIssue => ({
          code: 'custom',
          path: segments(field),
          message: fieldText(issue, field, labelOf, t),
          input: undefined,
        }),
      );
      throw new core.$ZodError(issues);
    },
  };
  return zodResolver(checked as unknown as { _zod: { input: F; output: F } }, undefined, { mode: 'sync', raw: true });
}
