import Grid from '@mui/material/Grid';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { exchangeRateInput } from '@server/modules/exchange-rates/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { FormDateField } from '../../../lib/forms/form-date-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { toPayload, type RateForm } from './rate-form';

/** The dialog is checked by the route's own schema (SaveExchangeRate's `exchangeRate`: codes, pair, the plan currencies' bounds). */
export const RATE_FORM: RouteForm<RateForm, typeof exchangeRateInput> = {
  schema: exchangeRateInput,
  toInput: toPayload,
  inputKey: 'exchangeRate',
};

const upper = (v: string) => v.toUpperCase();

/** Add a rate, or change the rate of an existing Date/From/To (the key itself stays). */
export function RateDialog({
  initial,
  onSave,
  onClose,
}: {
  initial: RateForm;
  onSave: (f: RateForm) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labelOf = useCallback((field: string) => t(`exchangeRates.fields.${field}`), [t]);
  const { control, submitWith } = useRouteForm(RATE_FORM, { defaultValues: initial, labelOf });
  const [from, to] = useWatch({ control, name: ['From', 'To'] });
  const editing = !!initial.version;

  const code = (k: 'From' | 'To') => (
    <FormTextField
      control={control}
      fullWidth
      required
      name={k}
      label={labelOf(k)}
      disabled={editing}
      parse={upper}
      slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
    />
  );

  return (
    <FormDialog
      id="rate-dialog"
      title={t(editing ? 'exchangeRates.dialog.edit' : 'exchangeRates.dialog.create')}
      maxWidth="xs"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormDateField control={control} fullWidth required name="Date" label={labelOf('Date')} disabled={editing} />
        </Grid>
        <Grid size={6}>{code('From')}</Grid>
        <Grid size={6}>{code('To')}</Grid>
        <Grid size={12}>
          <FormNumberField
            control={control}
            fullWidth
            required
            autoFocus
            name="Rate"
            label={labelOf('Rate')}
            helperText={t('exchangeRates.rateHint', { from: from || '…', to: to || '…' })}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
