import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customColumnInput } from '@server/modules/custom-columns/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { COLUMN_FORMATS, COLUMN_SCOPES, type ColumnScope, type FormulaCheck } from '../api/custom-columns-api';
import { toPayload, type ColumnForm } from './column-form';
import { checkLocally, insertName, stripPosition } from './formula-check';
import { FormulaField, MetricChips } from './formula-field';

/**
 * The dialog is checked by the route's own schema (SaveCustomColumn's `customColumn`); the formula's
 * syntax by the shared parser as it is typed (formula-check.ts) and by CheckFormula on save. A name
 * another active column has (NAME_TAKEN) lands on the name.
 */
export const COLUMN_FORM: RouteForm<ColumnForm, typeof customColumnInput> = {
  schema: customColumnInput,
  toInput: toPayload,
  inputKey: 'customColumn',
  codeFields: { NAME_TAKEN: 'Name' },
};

export interface CustomColumnDialogProps {
  initial: ColumnForm;
  /** The server's check (CheckFormula), asked when saving. */
  check: (formula: string, scope: ColumnScope) => Promise<FormulaCheck>;
  onSave: (form: ColumnForm) => Promise<void>;
  onClose: () => void;
}

/** CheckFormula asked on save; its refusal shows while the formula and scope are the ones it was about. */
function useServerCheck(check: CustomColumnDialogProps['check'], formula: string, scope: ColumnScope) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ formula: string; scope: ColumnScope; text: string } | null>(null);
  const serverProblem = refused && refused.formula === formula && refused.scope === scope ? refused.text : null;
  const passes = async (form: ColumnForm) => {
    const server = await check(form.Formula, form.Scope);
    if (server.Valid) return true;
    const text =
      server.Position === null
        ? server.Message
        : t('customColumns.formula.errorAt', { column: server.Position + 1, message: stripPosition(server.Message) });
    setRefused({ formula: form.Formula, scope: form.Scope, text });
    return false;
  };
  return { serverProblem, passes };
}

/**
 * Create or edit a formula column: name, scope, format and the formula, checked as it is typed with
 * the shared parser (the message points at the position), the scope's metric names as chips that
 * insert themselves, and CheckFormula asked once more on save.
 */
export function CustomColumnDialog({ initial, check, onSave, onClose }: CustomColumnDialogProps) {
  const { t } = useTranslation();
  const labelOf = useCallback(
    (field: string) => t(field === 'Name' ? 'accounts.fields.Name' : `customColumns.fields.${field}`),
    [t],
  );
  const { control, submitWith, setValue } = useRouteForm(COLUMN_FORM, { defaultValues: initial, labelOf });
  const [formula, scope] = useWatch({ control, name: ['Formula', 'Scope'] });
  const { serverProblem, passes } = useServerCheck(check, formula, scope);
  const input = useRef<HTMLInputElement | null>(null);
  const local = useMemo(() => checkLocally(formula, scope), [formula, scope]);

  const insert = (name: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? formula.length;
    const end = el?.selectionEnd ?? start;
    const next = insertName(formula, name, start, end);
    setValue('Formula', next.text, { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = submitWith(async (form) => {
    if (await passes(form)) await onSave(form);
  });

  return (
    <FormDialog
      id="column-dialog"
      title={t(initial.ID > 0 ? 'customColumns.dialog.edit' : 'customColumns.dialog.create')}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={local.state !== 'ok'}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <FormTextField control={control} select fullWidth name="Scope" label={labelOf('Scope')}>
            {COLUMN_SCOPES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`customColumns.scopes.${s}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <FormTextField control={control} select fullWidth name="Format" label={labelOf('Format')}>
            {COLUMN_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`customColumns.formats.${f}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <FormulaField control={control} label={labelOf('Formula')} input={input} local={local} formula={formula} />
        </Grid>
        <Grid size={12}>
          <MetricChips scope={scope} onInsert={insert} />
        </Grid>
        {serverProblem && (
          <Grid size={12}>
            <Alert severity="error" data-testid="formula-server-error">
              {serverProblem}
            </Alert>
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
