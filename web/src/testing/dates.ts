import { act, fireEvent, waitFor } from '@testing-library/react';
import { dateInputText } from '../lib/forms/date-text';
import { i18n } from '../lib/i18n';

/** The picker's field of a date input (lib/forms/date-input.tsx), once loaded: its hidden input carries name and value. */
export async function datePickerInput(name: string, within: ParentNode = document): Promise<HTMLInputElement> {
  const stand = within.querySelector(`input[name="${name}"]:not([aria-hidden])`);
  if (stand)
    await act(async () => {
      fireEvent.focus(stand);
    });
  return waitFor(() => {
    const el = within.querySelector(`input[name="${name}"][aria-hidden="true"]`) as HTMLInputElement | null;
    if (!el) throw new Error(`no date picker named ${name}`);
    return el;
  });
}

/** Types a YYYY-MM-DD date into a date input the way the UI's language writes it (31.12.2026, 12/31/2026). */
export async function setDate(name: string, iso: string, within: ParentNode = document): Promise<void> {
  const input = await datePickerInput(name, within);
  const typed = dateInputText(iso, i18n.language);
  await act(async () => {
    fireEvent.change(input, { target: { value: typed } });
  });
}

/** The element of a loaded date input that carries aria-invalid and aria-describedby (the picker's sections, not its hidden input). */
export function dateFieldOf(name: string, within: ParentNode = document): HTMLElement {
  const control = within.querySelector(`input[name="${name}"]`)?.closest('.MuiFormControl-root');
  const el = control?.querySelector('[aria-describedby][aria-invalid]') as HTMLElement | null | undefined;
  if (!el) throw new Error(`no date field named ${name}`);
  return el;
}
