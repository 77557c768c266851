/** @jest-environment jsdom */
import '../../testing/polyfills';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { chooseLocale, reloadSettings } from '../../lib/display/settings-store';
import { setLocale } from '../../lib/i18n';
import { renderWithProviders } from '../../testing/render';
import { useSnackbar, useSnackbarInset } from './snackbar';

/** Stands for the layout: keeps `inset` clear (the open drawer) and shows one message. */
function Screen({ inset }: { inset: number }) {
  useSnackbarInset(inset);
  const { show } = useSnackbar();
  useEffect(() => show({ message: 'Saved' }), [show]);
  return null;
}

async function messageIn(locale: 'he' | 'en', inset: number): Promise<HTMLElement> {
  renderWithProviders(<Screen inset={inset} />);
  await act(async () => {
    chooseLocale(locale);
    await setLocale(locale);
  });
  await screen.findByText('Saved');
  return screen.getByTestId('snackbar');
}

beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});
afterEach(cleanup);

describe('snackbars sit past the open drawer', () => {
  it('in English, left of the screen, past the drawer on the left', async () => {
    const bar = await messageIn('en', 260);
    expect(bar.style.left).toBe('284px');
    expect(bar.style.right).toBe('');
  });

  it('in Hebrew, right of the screen, past the drawer on the right', async () => {
    const bar = await messageIn('he', 260);
    expect(bar.style.right).toBe('284px');
    expect(bar.style.left).toBe('');
  });

  it("with the drawer closed, at MUI's own place", async () => {
    const bar = await messageIn('en', 0);
    expect(bar.style.left).toBe('');
    expect(bar.style.right).toBe('');
  });
});

describe("a message's text", () => {
  function Default() {
    const { show } = useSnackbar();
    useEffect(() => show({}), [show]);
    return null;
  }

  it('is the catalogue\'s default ("Note archived") when none is given, in the user\'s language', async () => {
    renderWithProviders(<Default />);
    await act(async () => {
      chooseLocale('en');
      await setLocale('en');
    });
    expect(await screen.findByText('Note archived')).toBeTruthy();
    await act(async () => {
      chooseLocale('he');
      await setLocale('he');
    });
    expect(await screen.findByText('ההערה הועברה לארכיון')).toBeTruthy();
  });
});
