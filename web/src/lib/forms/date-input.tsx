import { FilterTextField } from '../../components/ui/filter-field';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateInputProps } from './date-input-props';
import { dateInputText } from './date-text';

const DateInputView = lazy(() => import('./date-input-view'));

/**
 * The console's one date input: typed and shown in the UI's language, not the
 * browser's (a native <input type="date"> follows the browser), with a calendar. The picker (MUI X
 * + date-fns, ~40 kB gzip) is a chunk of its own, loaded only by screens that show a date input.
 */
export function DateInput(props: DateInputProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const [wanted, setWanted] = useState(!!props.eager);
  const [focus, setFocus] = useState(false);
  const stand = (
    // Until the picker loads: a plain field of the same look, without TextField (which brings Select and its menu: filter-field.tsx).
    <FilterTextField
      label={props.label}
      name={props.name}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      helperText={props.helperText}
      fullWidth={props.fullWidth}
      value={dateInputText(props.value, locale)}
      readOnly
      ltr
      shrink
      testId={props.testId}
      onFocus={() => {
        setFocus(true);
        setWanted(true);
      }}
      onPointerEnter={() => setWanted(true)}
    />
  );
  if (!wanted) return stand;
  return (
    <Suspense fallback={stand}>
      <DateInputView {...props} locale={locale} autoFocus={focus} />
    </Suspense>
  );
}
