import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ColumnScope } from '../api/custom-columns-api';
import type { ColumnForm } from './column-form';
import { MAX_FORMULA_LENGTH, METRIC_NAMES, type LocalCheck } from './formula-check';

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
 * The formula input: the parser's live status is its hint, with a caret under the position of an
 * error; the schema's refusal (hidden characters) or the server's shows instead.
 */
export function FormulaField({
  control,
  label,
  input,
  local,
  formula,
}: {
  control: Control<ColumnForm>;
  label: string;
  input: RefObject<HTMLInputElement | null>;
  local: LocalCheck;
  formula: string;
}) {
  const { t } = useTranslation();
  const formulaHelp = () => {
    if (local.state === 'empty') return t('customColumns.formula.hint');
    if (local.state === 'tooLong') return t('customColumns.formula.tooLong', { max: MAX_FORMULA_LENGTH });
    if (local.state === 'error')
      return t('customColumns.formula.errorAt', { column: local.position + 1, message: local.message });
    return t('customColumns.formula.ok', { names: local.names.join(', ') });
  };
  const bad = local.state === 'error' || local.state === 'tooLong';
  return (
    <>
      {/* The parser's live status is the formula's hint; the schema's refusal (hidden characters) or the server's shows instead. */}
      <Controller
        control={control}
        name="Formula"
        render={({ field, fieldState }) => (
          <TextField
            fullWidth
            required
            name={field.name}
            label={label}
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
    </>
  );
}

/** The scope's metric names; a click inserts one at the caret. */
export function MetricChips({ scope, onInsert }: { scope: ColumnScope; onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('customColumns.metrics')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} dir="ltr" data-testid="metric-chips">
        {METRIC_NAMES[scope].map((n) => (
          <Chip key={n} label={n} size="small" variant="outlined" onClick={() => onInsert(n)} />
        ))}
      </Stack>
    </>
  );
}
