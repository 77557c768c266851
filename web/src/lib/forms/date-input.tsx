import { FilterTextField } from '../../components/ui/filter-field';
import { lazy, Suspense, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** What a date input holds: '' (none), YYYY-MM-DD, or INVALID_DATE while what is typed is no date. */
export const INVALID_DATE = 'invalid-date';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD → a local Date (midnight), or null for '' and anything that is no real day. */
export function dateFromIso(text: string): Date | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getFullYear() === Number(m[1]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3])
    ? d
    : null;
}

/** A picked Date → YYYY-MM-DD (the wire's format); null → ''; an unfinished one → INVALID_DATE. */
export function isoFromDate(d: Date | null): string {
  if (d === null) return '';
  if (Number.isNaN(d.getTime())) return INVALID_DATE;
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * How a date is typed in the UI's language — the picker's format (date-fns' short date): 31.12.2026
 * in Hebrew, 12/31/2026 otherwise. For the plan grid's plain inputs, which cannot carry a picker each.
 */
export function dateInputText(iso: string, locale: string): string {
  const m = ISO.exec(iso);
  if (!m) return '';
  return locale === 'he' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

/** What was typed in the UI's format → YYYY-MM-DD; '' for nothing; INVALID_DATE for anything that is no real day. */
export function dateFromInputText(text: string, locale: string): string {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  if (!m) return INVALID_DATE;
  const [day, month] = locale === 'he' ? [m[1], m[2]] : [m[2], m[1]];
  const iso = `${m[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return dateFromIso(iso) ? iso : INVALID_DATE;
}

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
