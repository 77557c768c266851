import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { customColumnInput } from '@server/modules/custom-columns/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { COLUMN_FORMATS, COLUMN_SCOPES, type ColumnScope, type FormulaCheck } from '../api/custom-columns-api';
import { toPayload, type ColumnForm } from './column-form';
import { checkLocally, insertName, MAX_FORMULA_LENGTH, METRIC_NAMES, stripPosition } from './formula-check';

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

/** The formula with a caret under the character at `position` (0-based), left to right in any layout. */
function Pointer({ formula, position }: { formula: string; position: number }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      data-testid="formula-pointer"
      sx={{
        m: 0,
        mt: 1,
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre',
        overflowX: 'auto',
        textAlign: 'start',
      }}
    >
      {formula.replace(/\s/g, ' ')}
      {'\n'}
      {' '.repeat(Math.min(position, formula.length))}
      <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
        ^
      </Box>
    </Box>
  );
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
  /** CheckFormula's refusal, shown while the formula and scope are the ones it was about. */
  const [refused, setRefused] = useState<{ formula: string; scope: ColumnScope; text: string } | null>(null);
  const serverProblem = refused && refused.formula === formula && refused.scope === scope ? refused.text : null;
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
    const server = await check(form.Formula, form.Scope);
    if (!server.Valid) {
      const text =
        server.Position === null
          ? server.Message
          : t('customColumns.formula.errorAt', { column: server.Position + 1, message: stripPosition(server.Message) });
      setRefused({ formula: form.Formula, scope: form.Scope, text });
      return;
    }
    await onSave(form);
  });

  const formulaHelp = () => {
    if (local.state === 'empty') return t('customColumns.formula.hint');
    if (local.state === 'tooLong') return t('customColumns.formula.tooLong', { max: MAX_FORMULA_LENGTH });
    if (local.state === 'error')
      return t('customColumns.formula.errorAt', { column: local.position + 1, message: local.message });
    return t('customColumns.formula.ok', { names: local.names.join(', ') });
  };
  const bad = local.state === 'error' || local.state === 'tooLong';

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
          {/* The parser's live status is the formula's hint; the schema's refusal (hidden characters) or the server's shows instead. */}
          <Controller
            control={control}
            name="Formula"
            render={({ field, fieldState }) => (
              <TextField
                fullWidth
                required
                name={field.name}
                label={labelOf('Formula')}
                value={field.value}
                onBlur={field.onBlur}
                inputRef={(el: HTMLInputElement | null) => {
                  input.current = el;
                  field.ref(el);
                }}
                onChange={(e) => field.onChange(e.target.value)}
                error={bad || !!fieldState.error}
                helperText={fieldState.error?.message ?? formulaHelp()}
                slotProps={{
                  htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } },
                  formHelperText: { 'data-testid': 'formula-status', role: 'status' } as object,
                }}
              />
            )}
          />
          {local.state === 'error' && <Pointer formula={formula} position={local.position} />}
        </Grid>
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('customColumns.metrics')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} dir="ltr" data-testid="metric-chips">
            {METRIC_NAMES[scope].map((n) => (
              <Chip key={n} label={n} size="small" variant="outlined" onClick={() => insert(n)} />
            ))}
          </Stack>
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
