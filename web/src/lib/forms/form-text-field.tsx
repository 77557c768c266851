import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<F extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<F>;
  name: FieldPath<F>;
  /** The form value of what is typed or chosen (a select's "2" → 2); default: the text. */
  parse?: (text: string) => unknown;
};

/**
 * A MUI text field (or select) bound to a react-hook-form field: the value as typed, the field's
 * error as its helper text (announced through aria-describedby), the hint otherwise.
 */
export function FormTextField<F extends FieldValues>({ control, name, parse, helperText, ...props }: FormTextFieldProps<F>) {
  return (
    <Controller control={control} name={name} render={({ field, fieldState }) => (
      <TextField {...props} name={field.name} value={field.value ?? ''} inputRef={field.ref} onBlur={field.onBlur}
        onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
        error={!!fieldState.error} helperText={fieldState.error?.message ?? helperText ?? ' '} />
    )} />
  );
}
