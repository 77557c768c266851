/** @jest-environment jsdom */
import '../../testing/polyfills';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { cleanup, screen } from '@testing-library/react';
import { installMatchMedia, removeMatchMedia } from '../../testing/match-media';
import { renderWithProviders } from '../../testing/render';
import { REDUCED_MOTION_QUERY } from './motion';

afterEach(() => {
  cleanup();
  removeMatchMedia();
});

/** A dialog and a menu, open, in the console's providers (its theme). */
function renderOverlays() {
  renderWithProviders(
    <>
      <Dialog open aria-label="dialog">
        <Button>Inside</Button>
      </Dialog>
      <Menu open anchorEl={document.body} aria-label="menu">
        <MenuItem>Item</MenuItem>
      </Menu>
    </>,
  );
  const dialog = screen.getByRole('dialog').closest('.MuiDialog-container') as HTMLElement;
  const menu = screen.getByRole('menu').closest('.MuiPopover-paper') as HTMLElement;
  return { dialog, menu };
}

describe('motion follows the system setting', () => {
  it('dialogs fade and menus grow in over 600 ms (the spec timings) by default', async () => {
    installMatchMedia(() => false);
    const { dialog, menu } = renderOverlays();
    expect(dialog.style.transition).toMatch(/^opacity 600ms/);
    expect(menu.style.transition).toMatch(/^opacity 600ms/);
    expect(document.querySelector('.MuiTouchRipple-root')).not.toBeNull();
  });

  it('with prefers-reduced-motion: reduce nothing moves', async () => {
    installMatchMedia((q) => q === REDUCED_MOTION_QUERY);
    const { dialog, menu } = renderOverlays();
    for (const el of [dialog, menu]) {
      expect(el.style.transition.split(',').every((t) => t === 'none')).toBe(true);
      expect(el.style.opacity).not.toBe('0');
    }
    // No ripple either: buttons are built without it.
    expect(document.querySelector('.MuiTouchRipple-root')).toBeNull();
  });
});
