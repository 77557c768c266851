import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';
import { PlainIcon } from './plain-icon';

/**
 * A table row's icon link or button: a plain element with the `row-icon` class, styled once for the
 * whole console by the theme's baseline (lib/display/theme.ts), not MUI's IconButton. A grid of a
 * hundred rows holds several hundred of these, and each IconButton brings a ButtonBase, a ripple and
 * its own style computation: the accounts grid spent a large part of its first render there.
 */
interface RowIconProps {
  /** The name a screen reader reads, from the catalogue; the browser's tooltip shows it too. */
  'aria-label': string;
  /** The id of the cell that names the row (its name), read after the label. */
  'aria-describedby'?: string;
  'data-testid'?: string;
  /** Drawn small as a plain SVG (plain-icon.tsx). */
  icon: SvgIconComponent;
}

export function RowIconLink({ to, icon, 'aria-label': label, ...p }: RowIconProps & { to: string }) {
  return (
    <RouterLink className="row-icon" to={to} title={label} aria-label={label} {...p}>
      <PlainIcon of={icon} />
    </RouterLink>
  );
}

export function RowIconButton({ onClick, icon, 'aria-label': label, ...p }: RowIconProps & { onClick: () => unknown }) {
  return (
    <button type="button" className="row-icon" onClick={() => void onClick()} title={label} aria-label={label} {...p}>
      <PlainIcon of={icon} />
    </button>
  );
}
