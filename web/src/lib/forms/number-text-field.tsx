import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNumberText } from './use-number-text';

export type NumberTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The number in the plain spelling ("1234.5"), '' or INVALID_NUMBER (number-text.ts). */
  value: string;
  /** The plain spelling of what is typed. */
  onValue: (value: string) => void;
};

/**
 * A MUI text field for a number, typed in the UI language's way (a decimal comma in French and
 * Romanian) and held in the plain spelling. A text input, not type="number": Chromium's number input
 * refuses a comma. The caller's slotProps keep their inputMode, direction and labels.
 */
export function NumberTextField({ value, onValue, ...props }: NumberTextFieldProps) {
  const { i18n } = useTranslation();
  const { text, onText } = useNumberText(value, i18n.language, onValue);
  return <TextField {...props} type="text" value={text} onChange={(e) => onText(e.target.value)} />;
}
