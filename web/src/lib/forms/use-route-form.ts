import { useEffect, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ZodMiniType } from 'zod/mini';
import { loadErrorCatalogue } from '../i18n';
import { fieldText, type LabelOf } from './field-text';
import { routeResolver } from './route-resolver';
import type { RouteForm } from './route-form';
import { serverFieldIssue } from './server-error';

export interface RouteFormOptions<F extends FieldValues> {
  defaultValues: DefaultValues<F>;
  /** The label of each field the form shows (by path); the messages name it. Keep it stable (useCallback). */
  labelOf: LabelOf;
  /** Fields that show their own errors; a server error on another field stays in the snackbar. Default: every field. */
  shows?: (field: string) => boolean;
}

/**
 * react-hook-form over a route form (RouteForm): the route's schema checks each field when it is
 * left and again as it changes, and the whole form on submit. `submitWith(save)` is a dialog's
 * onSubmit: it saves the form's values when they pass, and when the API still refuses a field
 * (a rule of the database, say) shows the API's message on that field before rejecting (the
 * dialog stays open; the screen has shown the failure too).
 */
export function useRouteForm<F extends FieldValues, S extends ZodMiniType>(
  route: RouteForm<F, S>,
  { defaultValues, labelOf, shows }: RouteFormOptions<F>,
) {
  const { t } = useTranslation();
  // The field messages are the API's error messages (apiErrors.*), loaded on first use: a form is one.
  useEffect(() => {
    void loadErrorCatalogue();
  }, []);
  const resolver = useMemo(() => routeResolver(route, labelOf, t), [route, labelOf, t]);
  const form = useForm<F>({ defaultValues, resolver, mode: 'onTouched' });
  const { handleSubmit, setError } = form;
  const submitWith = (save: (values: F) => Promise<void>) => () =>
    handleSubmit(async (values) => {
      try {
        await save(values);
      } catch (err) {
        const hit = serverFieldIssue(err, route, shows ?? (() => true));
        if (hit)
          setError(
            hit.field as FieldPath<F>,
            { type: 'server', message: fieldText(hit.issue, hit.field, labelOf, t) },
            { shouldFocus: true },
          );
        throw err;
      }
    })();
  return { ...form, submitWith };
}
