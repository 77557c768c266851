import type { ReactNode, Ref } from 'react';

/** What DateInput takes; also the lazily loaded picker's props (date-input-view.tsx). */
export interface DateInputProps {
  /** '' or YYYY-MM-DD (INVALID_DATE while typing). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: ReactNode;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
  /** The first and last day the calendar offers (YYYY-MM-DD); typed dates outside are the schema's to refuse. */
  min?: string;
  max?: string;
  /** Tell the owner only of real dates and '' (filters): an unfinished date stays in the field. Forms get INVALID_DATE, which their schema refuses. */
  onlyDates?: boolean;
  /**
   * Load the picker at once (dialogs, which are their own chunk). Otherwise (filters on list screens,
   * whose JS budget is tight) a plain field shows the date until it is focused or hovered, then the picker.
   */
  eager?: boolean;
}
