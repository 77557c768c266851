import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';

/** An icon of @mui/icons-material (each is made by MUI's createSvgIcon). */
type MuiIcon = SvgIconComponent;

const paths = new WeakMap<MuiIcon, ReactNode>();

/**
 * The drawing of an MUI icon: createSvgIcon wraps `(props, ref) => <SvgIcon …>{path}</SvgIcon>` in
 * memo(forwardRef(…)), and that function only builds an element (no hooks), so calling it once
 * gives the path. Anything else (a later MUI shaping icons otherwise) gives null, and the icon is
 * drawn by MUI as before; a test compares both drawings.
 */
function pathOf(icon: MuiIcon): ReactNode {
  if (paths.has(icon)) return paths.get(icon);
  let path: ReactNode = null;
  try {
    const render = (icon as unknown as { type?: { render?: (props: object, ref: null) => unknown } }).type?.render;
    const element = typeof render === 'function' ? (render({}, null) as { props?: { children?: ReactNode } }) : null;
    path = element?.props?.children ?? null;
  } catch {
    path = null;
  }
  paths.set(icon, path);
  return path;
}

export type PlainIconSize = 'small' | 'medium' | 'inherit';

/**
 * An MUI icon as a plain SVG with the `plain-icon` class, styled once for the console by the
 * theme's baseline (lib/display/theme.ts) as MUI's SvgIcon is: the side menu and every table row
 * draw dozens, and each SvgIcon is a styled component with its own style computation per render.
 * Decorative, as MUI's are: the link or button around it carries the name.
 */
export function PlainIcon({ of: Icon, size = 'small' }: { of: MuiIcon; size?: PlainIconSize }) {
  const path = pathOf(Icon);
  if (path === null) return <Icon fontSize={size} />;
  return (
    <svg className={`plain-icon plain-icon-${size}`} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      {path}
    </svg>
  );
}
