/** @jest-environment jsdom */
import '../../testing/polyfills';
import Alert from '@mui/material/Alert';
import { act, screen } from '@testing-library/react';
import { setLocale } from '../i18n';
import { chooseLocale } from './settings-store';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';

setUpScreenTests();
afterEach(async () => {
  chooseLocale('en');
  await setLocale('en');
});

describe("MUI's own buttons are named in the user's language", () => {
  it("an alert's close button", async () => {
    renderWithProviders(<Alert onClose={() => undefined}>Saved</Alert>);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    await act(async () => {
      chooseLocale('he');
      await setLocale('he');
    });
    expect(await screen.findByRole('button', { name: 'סגירה' })).toBeTruthy();
  });
});
