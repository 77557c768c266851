import type { ChangeEvent } from 'react';
import { useNumberText } from '../../../lib/forms/use-number-text';
import type { LineField } from '../model/line-form';

/**
 * A line's number (cost, budget, fees, creatives), typed in the UI language's way (`1 234,5` in
 * French and Romanian, `1,234.5` in English) as every number field of the console is
 * (lib/forms/number-text.ts). A plain text input, as the grid's other cells; the row holds the plain
 * spelling ("1234.5"), or INVALID_NUMBER while what is typed is no number, which the row's check
 * refuses on the cell.
 */
export function NumberCell({
  name,
  value,
  locale,
  onValue,
  label,
  invalid,
  title,
}: {
  name: LineField;
  value: string;
  locale: string;
  onValue: (field: LineField, value: string) => void;
  label: string;
  invalid: boolean;
  title?: string;
}) {
  const { text, onText } = useNumberText(value, locale, (v) => onValue(name, v));
  return (
    <input
      name={name}
      tabIndex={-1}
      value={text}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onText(e.target.value)}
      aria-label={label}
      type="text"
      inputMode="decimal"
      dir="ltr"
      aria-invalid={invalid ? true : undefined}
      title={title}
    />
  );
}
