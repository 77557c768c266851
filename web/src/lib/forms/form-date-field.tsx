import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from './date-input';

export interface FormDateFieldProps<F extends FieldValues> {
  control: Control<F>;
  name: FieldPath<F>;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  min?: string;
  max?: string;
  /** Said under the field while it has no error; default a blank line (the layout keeps its place). */
  helperText?: ReactNode;
}

/**
 * A date bound to a react-hook-form field (as FormTextField binds text): the form holds YYYY-MM-DD,
 * what the route's schema reads; the field's error is its helper text. Dialogs load the picker at once.
 */
export function FormDateField<F extends FieldValues>({ control, name, helperText, ...props }: FormDateFieldProps<F>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          {...props}
          eager
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(v) => field.onChange(v)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText ?? ' '}
        />
      )}
    />
  );
}
