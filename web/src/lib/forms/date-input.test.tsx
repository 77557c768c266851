/** @jest-environment jsdom */
import '../../testing/polyfills';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { inHebrew } from '../../testing/hebrew';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { DateInput } from './date-input';
import { dateFromIso, INVALID_DATE, isoFromDate } from './date-text';

setUpScreenTests();

function Probe({ initial, eager = true, sent }: { initial: string; eager?: boolean; sent: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      eager={eager}
      label="Start"
      name="StartDate"
      value={value}
      onChange={(v) => {
        sent.push(v);
        setValue(v);
      }}
    />
  );
}

/** The field's hidden input (name, value) once the picker has loaded. */
const pickerInput = async () =>
  waitFor(() => {
    const el = document.querySelector('input[name="StartDate"][aria-hidden="true"]') as HTMLInputElement | null;
    if (!el) throw new Error('picker not loaded');
    return el;
  });

describe("DateInput: dates in the UI's language, YYYY-MM-DD on the wire", () => {
  it('English shows MM/DD/YYYY and sends what is typed as YYYY-MM-DD', async () => {
    const sent: string[] = [];
    renderWithProviders(<Probe initial="2026-12-01" sent={sent} />);
    const input = await pickerInput();
    expect(input.value).toBe('12/01/2026');
    fireEvent.change(input, { target: { value: '02/28/2027' } });
    await waitFor(() => expect(sent.at(-1)).toBe('2027-02-28'));
  });

  it('Hebrew shows DD.MM.YYYY (the day first) and sends YYYY-MM-DD', async () => {
    await inHebrew(async () => {
      const sent: string[] = [];
      renderWithProviders(<Probe initial="2026-12-01" sent={sent} />);
      const input = await pickerInput();
      expect(input.value).toBe('01.12.2026');
      fireEvent.change(input, { target: { value: '28.02.2027' } });
      await waitFor(() => expect(sent.at(-1)).toBe('2027-02-28'));
    });
  });

  it("a list screen's field shows the date in the locale and loads the picker only when used", async () => {
    const sent: string[] = [];
    renderWithProviders(<Probe initial="2026-03-05" eager={false} sent={sent} />);
    const stand = document.querySelector('input[name="StartDate"]') as HTMLInputElement;
    expect(stand.readOnly).toBe(true);
    expect(stand.value).toBe('03/05/2026');
    expect(document.querySelector('input[aria-hidden="true"]')).toBeNull();
    await act(async () => {
      fireEvent.focus(stand);
    });
    expect((await pickerInput()).value).toBe('03/05/2026');
  });

  it('converts between the wire and the picker: real days only, unfinished dates marked', () => {
    expect(isoFromDate(dateFromIso('2028-02-29'))).toBe('2028-02-29');
    expect(dateFromIso('2027-02-29')).toBeNull();
    expect(dateFromIso('')).toBeNull();
    expect(isoFromDate(null)).toBe('');
    expect(isoFromDate(new Date(Number.NaN))).toBe(INVALID_DATE);
  });

  it('clearing sends an empty value', async () => {
    const sent: string[] = [];
    renderWithProviders(<Probe initial="2026-12-01" sent={sent} />);
    const input = await pickerInput();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(sent.at(-1)).toBe(''));
    expect(screen.getByLabelText(/Start/, { selector: 'input' })).toBeTruthy();
  });
});
