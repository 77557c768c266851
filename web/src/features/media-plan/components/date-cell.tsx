import { useEffect, useRef, useState } from 'react';
import { dateFromInputText, dateInputText, INVALID_DATE } from '../../../lib/forms/date-text';
import type { LineField } from '../model/line-form';

/**
 * A line's date, typed as every date input of the console is (lib/forms/date-input.tsx): in the UI's
 * short format (31.12.2026 in Hebrew, 12/31/2026 in English), not the browser's. A plain input, as the
 * grid's other cells (a picker per cell would cost the grid its speed); the row holds YYYY-MM-DD, or
 * INVALID_DATE while what is typed is no day, which the row's check refuses on the cell.
 */
export function DateCell({
  name,
  value,
  locale,
  onValue,
  label,
  invalid,
  title,
}: {
  name: 'StartDate' | 'EndDate';
  value: string;
  locale: string;
  onValue: (field: LineField, value: string) => void;
  label: string;
  invalid: boolean;
  title?: string;
}) {
  const [text, setText] = useState(() => dateInputText(value, locale));
  // The value and language the text stands for: a reload or another language rewrites it, what is typed does not.
  const held = useRef({ value, locale });
  useEffect(() => {
    if (value === held.current.value && locale === held.current.locale) return;
    held.current = { value, locale };
    if (value !== INVALID_DATE) setText(dateInputText(value, locale));
  }, [value, locale]);
  return (
    <input
      name={name}
      tabIndex={-1}
      value={text}
      aria-label={label}
      type="text"
      dir="ltr"
      inputMode="numeric"
      placeholder={dateInputText('2026-12-31', locale).replace(/\d/g, '_')}
      aria-invalid={invalid ? true : undefined}
      title={title}
      onChange={(e) => {
        const next = dateFromInputText(e.target.value, locale);
        held.current = { value: next, locale };
        setText(e.target.value);
        onValue(name, next);
      }}
    />
  );
}
