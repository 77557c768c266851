/** @jest-environment jsdom */
import '../testing/polyfills';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { chooseLocale, getSettings, reloadSettings } from '../lib/display/settings-store';
import { renderWithProviders } from '../testing/render';
import { DisplaySettingsCard } from './display-settings-card';

const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const html = () => document.documentElement;
const saved = () => JSON.parse(localStorage.getItem('mixdesk-settings') ?? '{}');

/** Opens a select of the card by its label and picks an option by its text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await settle();
}

beforeEach(async () => {
  localStorage.clear();
  reloadSettings();
  renderWithProviders(<DisplaySettingsCard />);
  await act(async () => chooseLocale('en'));
  await settle();
});
afterEach(cleanup);

describe('the display settings card', () => {
  it('forces right to left in English, and back to the language’s own direction; saved on the device', async () => {
    expect(html().dir).toBe('ltr');
    await pick('Text direction', 'Right to left');
    expect(html().dir).toBe('rtl');
    expect(saved().rtl).toBe(true);

    await pick('Text direction', 'As the language');
    expect(html().dir).toBe('ltr');
    expect(saved().rtl).toBeNull();
  });

  it('forces left to right in Hebrew; choosing a language follows its direction again', async () => {
    await act(async () => chooseLocale('he'));
    await settle();
    expect(html().dir).toBe('rtl');
    await pick('כיוון הטקסט', 'משמאל לימין');
    expect(html().dir).toBe('ltr');
    expect(getSettings().rtl).toBe(false);

    await act(async () => chooseLocale('he'));
    await settle();
    expect(html().dir).toBe('rtl');
  });

  it('chooses the top menu, kept for the next visit', async () => {
    expect(getSettings().menuType).toBe('vertical');
    await pick('Menu layout', 'Top menu');
    expect(saved().menuType).toBe('horizontal');
    reloadSettings();
    expect(getSettings().menuType).toBe('horizontal');
  });

  it('ignores a stored menu type or direction it does not know', () => {
    localStorage.setItem('mixdesk-settings', JSON.stringify({ menuType: 'diagonal', rtl: 'sideways' }));
    reloadSettings();
    expect(getSettings()).toMatchObject({ menuType: 'vertical', rtl: null });
  });
});
