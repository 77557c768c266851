import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Input from '@mui/material/Input';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/**
 * The fields of a list screen's filter bar and pager: a text field and a native select, built from
 * the parts MUI's TextField is made of. TextField always brings Select, and Select its Menu, Popover,
 * Modal and transitions — ~10 kB gzip on /accounts/list and every list screen for choices a native
 * <select> shows as well (and better on a phone) (the console's JavaScript budget). Forms in dialogs
 * keep TextField. The look follows the theme's TextField variant (outlined, or standard: display
 * settings).
 */
interface FieldFrame {
  label: ReactNode;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  testId?: string;
  required?: boolean;
  disabled?: boolean;
}

function useOutlined(): boolean {
  const variant = (useTheme().components?.MuiTextField?.defaultProps as { variant?: string } | undefined)?.variant;
  return variant !== 'standard';
}

export function FilterTextField({
  label,
  name,
  error,
  helperText,
  fullWidth,
  sx,
  testId,
  required,
  disabled,
  value,
  onChange,
  startIcon,
  readOnly,
  ltr,
  shrink,
  onFocus,
  onPointerEnter,
}: FieldFrame & {
  value: string;
  onChange?: (value: string) => void;
  startIcon?: ReactNode;
  readOnly?: boolean;
  /** Latin text (dates, codes) reads left to right inside a Hebrew screen. */
  ltr?: boolean;
  shrink?: boolean;
  onFocus?: () => void;
  onPointerEnter?: () => void;
}) {
  const id = useId();
  const outlined = useOutlined();
  const Field = outlined ? OutlinedInput : Input;
  return (
    <FormControl
      size="small"
      variant={outlined ? 'outlined' : 'standard'}
      error={error}
      fullWidth={fullWidth}
      sx={sx}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <Field
        id={id}
        name={name}
        value={value}
        label={outlined ? label : undefined}
        notched={outlined && shrink ? true : undefined}
        onChange={(e) => onChange?.(e.target.value)}
        onFocus={onFocus}
        onPointerEnter={onPointerEnter}
        startAdornment={startIcon ? <InputAdornment position="start">{startIcon}</InputAdornment> : undefined}
        inputProps={{ readOnly, dir: ltr ? 'ltr' : undefined, 'data-testid': testId }}
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

export interface FilterChoice<V extends string | number> {
  value: V;
  label: ReactNode;
}

export function FilterSelect<V extends string | number>({
  label,
  name,
  error,
  helperText,
  fullWidth,
  sx,
  testId,
  required,
  disabled,
  value,
  onChange,
  choices,
}: FieldFrame & {
  value: V;
  onChange: (value: V) => void;
  choices: readonly FilterChoice<V>[];
}) {
  const id = useId();
  const outlined = useOutlined();
  return (
    <FormControl
      size="small"
      variant={outlined ? 'outlined' : 'standard'}
      error={error}
      fullWidth={fullWidth}
      sx={sx}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        name={name}
        value={String(value)}
        input={outlined ? <OutlinedInput label={label} notched /> : <Input />}
        inputProps={{ 'data-testid': testId } as object}
        onChange={(e) => onChange(choices.find((c) => String(c.value) === e.target.value)?.value ?? value)}
      >
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
