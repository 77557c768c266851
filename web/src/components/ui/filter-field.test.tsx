/** @jest-environment jsdom */
import '../../testing/polyfills';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { reloadSettings, updateSettings } from '../../lib/display/settings-store';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { FilterSelect, FilterTextField } from './filter-field';

setUpScreenTests();
afterEach(() => {
  localStorage.clear();
  reloadSettings();
});

const frameOf = (control: HTMLElement) => control.closest('.field') as HTMLElement;
const labelOf = (control: HTMLElement) => frameOf(control).querySelector('label') as HTMLLabelElement;

function Quick({ icon, initial = '' }: { icon?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <FilterTextField
      label="Quick"
      name="quick"
      value={value}
      onChange={setValue}
      startIcon={icon ? <span data-testid="glass" /> : undefined}
    />
  );
}

describe('the plain text field', () => {
  it('is named by its label, and its label moves above it once it holds text', () => {
    renderWithProviders(<Quick />);
    const input = screen.getByLabelText('Quick') as HTMLInputElement;
    expect(labelOf(input).dataset.shrink).toBe('false');
    expect(frameOf(input).classList.contains('field-shrink')).toBe(false);
    fireEvent.change(input, { target: { value: 'Galil' } });
    expect(input.value).toBe('Galil');
    expect(labelOf(input).dataset.shrink).toBe('true');
    expect(frameOf(input).classList.contains('field-shrink')).toBe(true);
  });

  it('keeps the label above an empty field with an icon before the text, as MUI does', () => {
    renderWithProviders(<Quick icon />);
    const input = screen.getByLabelText('Quick');
    expect(labelOf(input).dataset.shrink).toBe('true');
    expect(input.previousElementSibling?.querySelector('[data-testid="glass"]')).not.toBeNull();
  });

  it('says it is wrong and why: aria-invalid and the helper text it is described by', () => {
    renderWithProviders(
      <FilterTextField label="To" name="to" value="" error helperText="Before the start" readOnly ltr shrink />,
    );
    const input = screen.getByLabelText('To');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.hasAttribute('readonly')).toBe(true);
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('Before the start');
    expect(frameOf(input).className).toBe('field field-outlined field-shrink field-error');
  });

  it('draws the variant the display settings choose: an outline with the label in its gap, or an underline', () => {
    renderWithProviders(<Quick initial="x" />);
    const outlined = frameOf(screen.getByLabelText('Quick'));
    expect(outlined.classList.contains('field-outlined')).toBe(true);
    expect(outlined.querySelector('fieldset legend')?.textContent).toBe('Quick');
    act(() => updateSettings({ outlinedFilled: false }));
    const standard = frameOf(screen.getByLabelText('Quick'));
    expect(standard.classList.contains('field-standard')).toBe(true);
    expect(standard.querySelector('fieldset')).toBeNull();
  });
});

describe('the plain select', () => {
  it('offers its choices under its label and gives back the chosen value with its type', () => {
    const onChange = jest.fn();
    renderWithProviders(
      <FilterSelect
        label="Status"
        name="status"
        testId="status-choice"
        value={-1}
        onChange={onChange}
        style={{ minWidth: 160 }}
        choices={[
          { value: -1, label: 'Any' },
          { value: 2, label: 'Live' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.dataset.testid).toBe('status-choice');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Any', 'Live']);
    expect(frameOf(select).style.minWidth).toBe('160px');
    fireEvent.change(select, { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('is off while disabled, and marks a required choice in its label', () => {
    renderWithProviders(
      <FilterSelect
        label="Plan"
        value="a"
        onChange={() => undefined}
        disabled
        required
        touch
        choices={[{ value: 'a', label: 'A' }]}
      />,
    );
    const select = screen.getByRole('combobox', { name: /Plan/ }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.required).toBe(true);
    expect(labelOf(select).textContent).toBe('Plan *');
    expect(frameOf(select).classList.contains('field-disabled')).toBe(true);
    expect(frameOf(select).classList.contains('field-touch')).toBe(true);
  });
});
