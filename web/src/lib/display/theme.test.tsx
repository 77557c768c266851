/** @jest-environment jsdom */
import '../../testing/polyfills';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from './settings-store';
import { buildTheme } from './theme';

afterEach(cleanup);

describe('buttons read as their catalogues write them', () => {
  it.each([false, true])('no upper-casing (rtl %s): English and Hebrew labels keep their sentence case', (rtl) => {
    render(
      <ThemeProvider theme={buildTheme(DEFAULT_SETTINGS, rtl)}>
        <Button>Add line</Button>
        <Button variant="contained">Save</Button>
      </ThemeProvider>,
    );
    for (const name of ['Add line', 'Save'])
      expect(getComputedStyle(screen.getByRole('button', { name })).textTransform).toBe('none');
  });

  it('MUI upper-cases without the theme (the check above can fail)', () => {
    render(<Button>Add line</Button>);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Add line' })).textTransform).toBe('uppercase');
  });
});
