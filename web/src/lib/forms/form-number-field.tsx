import { Controller, type FieldValues } from 'react-hook-form';
import type { FormTextFieldProps } from './form-text-field';
import { NumberTextField } from './number-text-field';

/**
 * FormTextField for a number: typed in the UI language's way, the form's value the plain spelling
 * ("1 234,5" in French → "1234.5"; INVALID_NUMBER while it is no number), which the form's toInput
 * reads with numberInput and the route's schema checks as ever.
 */
export function FormNumberField<F extends FieldValues>({
  control,
  name,
  helperText,
  onChanged,
  ...props
}: Omit<FormTextFieldProps<F>, 'parse' | 'select' | 'type'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberTextField
          {...props}
          name={field.name}
          value={field.value == null ? '' : String(field.value)}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onValue={(value) => {
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
