import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { monthName } from '../model/plan-figures';

/** One month's amount of the split, its days as the hint (the amount's problem instead when invalid). */
export function SplitMonthField({
  month,
  text,
  days,
  invalid,
  disabled,
  currency,
  locale,
  onChange,
}: {
  month: string;
  text: string;
  days: number | undefined;
  invalid: boolean;
  disabled: boolean;
  currency: 1 | 2;
  locale: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      fullWidth
      name={`month-${month}`}
      label={monthName(month, locale)}
      value={text}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? t('mediaPlan.validation.amount') : t('mediaPlan.split.days', { n: days })}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-month': month },
        input: {
          startAdornment: <InputAdornment position="start">{CURRENCY_SIGNS[currency]}</InputAdornment>,
        },
      }}
    />
  );
}
