import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<F extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<F>;
  name: FieldPath<F>;
  /** The form value of what is typed or chosen (a select's "2" → 2); default: the text. */
  parse?: (text: string) => unknown;
  /** Said under the field while it has no error; default a blank line (the layout keeps its place), null: nothing (table cells). */
  helperText?: TextFieldProps['helperText'] | null;
  /** Runs after the value changes (a choice that sets another field). */
  onChanged?: (value: unknown) => void;
};

/**
 * A MUI text field (or select) bound to a react-hook-form field: the value as typed, the field's
 * error as its helper text (announced through aria-describedby), the hint otherwise.
 */
export function FormTextField<F extends FieldValues>({
  control,
  name,
  parse,
  helperText,
  onChanged,
  ...props
}: FormTextFieldProps<F>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => {
            const value = parse ? parse(e.target.value) : e.target.value;
            field.onChange(value);
            onChanged?.(value);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? (helperText === null ? undefined : (helperText ?? ' '))}
        />
      )}
    />
  );
}
