import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  type?: string;
  error?: boolean;
  helperText?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
}

/**
 * An outlined text field without MUI TextField's select machinery (Select → Menu → Popover → Modal),
 * so the sign-in screens stay small. Same look and accessibility (label, helper text, aria-invalid).
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  onBlur,
  type = 'text',
  error,
  helperText,
  autoComplete,
  autoFocus,
  required,
  htmlInput,
}: TextInputProps) {
  const id = useId();
  return (
    <FormControl fullWidth size="small" error={error} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={{ 'aria-describedby': helperText ? `${id}-help` : undefined, ...htmlInput }}
      />
      {helperText !== undefined && <FormHelperText id={`${id}-help`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
