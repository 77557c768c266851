import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { NumberTextField } from '../../../lib/forms/number-text-field';
import { monthName } from '../model/plan-figures';

/** One month's amount of the split, its days as the hint (the amount's problem instead when invalid). */
export function SplitMonthField({
  month,
  value,
  days,
  invalid,
  disabled,
  currency,
  locale,
  onChange,
}: {
  month: string;
  /** The amount in the plain spelling (lib/forms/number-text.ts), typed in the UI language's way. */
  value: string;
  days: number | undefined;
  invalid: boolean;
  disabled: boolean;
  currency: 1 | 2;
  locale: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberTextField
      size="small"
      fullWidth
      name={`month-${month}`}
      label={monthName(month, locale)}
      value={value}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? t('mediaPlan.validation.amount') : t('mediaPlan.split.days', { n: days })}
      onValue={onChange}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-month': month },
        input: {
          startAdornment: <InputAdornment position="start">{CURRENCY_SIGNS[currency]}</InputAdornment>,
        },
      }}
    />
  );
}
