import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { COLUMN_FORMATS, COLUMN_SCOPES, type ColumnScope, type FormulaCheck } from '../api/custom-columns-api';
import { NAME_MAX, type ColumnForm } from './column-form';
import { checkLocally, insertName, MAX_FORMULA_LENGTH, METRIC_NAMES, stripPosition } from './formula-check';

export interface CustomColumnDialogProps {
  initial: ColumnForm;
  /** The server's check (CheckFormula), asked when saving. */
  check: (formula: string, scope: ColumnScope) => Promise<FormulaCheck>;
  onSave: (form: ColumnForm) => Promise<void>;
  onClose: () => void;
}

/** English parser text inside a Hebrew sentence: a bidi isolate keeps its brackets and quotes in order. */
const isolate = (s: string) => `\u2068${s}\u2069`;

/** The formula with a caret under the character at `position` (0-based), left to right in any layout. */
function Pointer({ formula, position }: { formula: string; position: number }) {
  return (
    <Box component="pre" dir="ltr" data-testid="formula-pointer"
      sx={{ m: 0, mt: 1, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre', overflowX: 'auto', textAlign: 'start' }}>
      {formula.replace(/\s/g, ' ')}{'\n'}
      {' '.repeat(Math.min(position, formula.length))}<Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>^</Box>
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
  const [form, setForm] = useState<ColumnForm>(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const local = useMemo(() => checkLocally(form.Formula, form.Scope), [form.Formula, form.Scope]);

  const set = <K extends keyof ColumnForm>(k: K, v: ColumnForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setServerProblem(null);
  };
  const validName = (name: string) => (!name.trim() ? 'validation.required' : name.trim().length > NAME_MAX ? 'validation.tooLong' : null);

  const insert = (name: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? form.Formula.length;
    const end = el?.selectionEnd ?? start;
    const next = insertName(form.Formula, name, start, end);
    set('Formula', next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    const err = validName(form.Name);
    setNameError(err);
    if (err || local.state !== 'ok') return undefined;
    return (async () => {
      const server = await check(form.Formula, form.Scope);
      if (!server.Valid) {
        setServerProblem(server.Position === null ? server.Message : t('customColumns.formula.errorAt', { column: server.Position + 1, message: isolate(stripPosition(server.Message)) }));
        return;
      }
      await onSave(form);
    })();
  };

  const formulaHelp = () => {
    if (local.state === 'empty') return t('customColumns.formula.hint');
    if (local.state === 'tooLong') return t('customColumns.formula.tooLong', { max: MAX_FORMULA_LENGTH });
    if (local.state === 'error') return t('customColumns.formula.errorAt', { column: local.position + 1, message: isolate(local.message) });
    return t('customColumns.formula.ok', { names: isolate(local.names.join(', ')) });
  };
  const bad = local.state === 'error' || local.state === 'tooLong';

  return (
    <FormDialog id="column-dialog" title={t(initial.ID > 0 ? 'customColumns.dialog.edit' : 'customColumns.dialog.create')} maxWidth="md" onSubmit={submit} onClose={onClose} submitDisabled={local.state !== 'ok'}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required autoFocus name="Name" label={t('accounts.fields.Name')} value={form.Name}
            onChange={(e) => { set('Name', e.target.value); if (nameError) setNameError(validName(e.target.value)); }}
            error={!!nameError} helperText={nameError ? t(nameError) : ' '} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField select fullWidth name="Scope" label={t('customColumns.fields.Scope')} value={form.Scope} onChange={(e) => set('Scope', e.target.value as ColumnScope)} helperText=" ">
            {COLUMN_SCOPES.map((s) => <MenuItem key={s} value={s}>{t(`customColumns.scopes.${s}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField select fullWidth name="Format" label={t('customColumns.fields.Format')} value={form.Format} onChange={(e) => set('Format', e.target.value as ColumnForm['Format'])} helperText=" ">
            {COLUMN_FORMATS.map((f) => <MenuItem key={f} value={f}>{t(`customColumns.formats.${f}`)}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField fullWidth required name="Formula" label={t('customColumns.fields.Formula')} value={form.Formula}
            inputRef={input} onChange={(e) => set('Formula', e.target.value)}
            error={bad} helperText={formulaHelp()}
            slotProps={{
              htmlInput: { dir: 'ltr', spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } },
              formHelperText: { 'data-testid': 'formula-status', role: 'status' } as object,
            }} />
          {local.state === 'error' && <Pointer formula={form.Formula} position={local.position} />}
        </Grid>
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('customColumns.metrics')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} dir="ltr" data-testid="metric-chips">
            {METRIC_NAMES[form.Scope].map((n) => <Chip key={n} label={n} size="small" variant="outlined" onClick={() => insert(n)} />)}
          </Stack>
        </Grid>
        {serverProblem && <Grid size={12}><Alert severity="error" data-testid="formula-server-error">{serverProblem}</Alert></Grid>}
      </Grid>
    </FormDialog>
  );
}
