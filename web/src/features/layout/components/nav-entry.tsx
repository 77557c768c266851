import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * An entry of the side menu and the drawer's foot: a plain link or button with the `nav-entry`
 * class, styled once for the console by the theme's baseline (lib/display/theme.ts), not MUI's
 * ListItemButton. The drawer holds some thirty on every signed-in screen, and each ListItemButton
 * brought a ButtonBase, a ripple, a ListItemIcon and a ListItemText (a Typography) with their own
 * style computations: a large part of the layout's first render.
 */
interface EntryContent {
  icon?: ReactNode;
  primary: ReactNode;
  secondary?: ReactNode;
  /** After the text: a lock, a pill, a badge, the expand arrow. */
  end?: ReactNode;
  /** The text's id (a group's heading names its list). */
  textId?: string;
  /** Nesting depth: each level indents the entry. */
  level?: number;
  /** A group's heading: its text as a subtitle, no icon column. */
  heading?: boolean;
  /** Shown as chosen (the current language; a link marks its page with aria-current instead). */
  chosen?: boolean;
  'data-menu-id'?: string;
  'data-testid'?: string;
  lang?: string;
}

const indent = (level = 0): CSSProperties => ({ paddingInlineStart: 12 + level * 12 });

function Content({ icon, primary, secondary, end, textId }: EntryContent) {
  return (
    <>
      {icon && <span className="nav-entry-icon">{icon}</span>}
      <span className="nav-entry-text" id={textId}>
        {primary}
        {secondary && <span className="nav-entry-caption">{secondary}</span>}
      </span>
      {end}
    </>
  );
}

const shared = (p: EntryContent) => ({
  className: p.heading ? 'nav-entry nav-entry-heading' : 'nav-entry',
  style: indent(p.level),
  'data-menu-id': p['data-menu-id'],
  'data-testid': p['data-testid'],
  'data-chosen': p.chosen ? 'true' : undefined,
  lang: p.lang,
});

/** A link to a screen of the console; the current one is marked with aria-current="page". */
export function NavEntryLink(p: EntryContent & { to: string; current?: boolean; onClick?: () => void }) {
  return (
    <RouterLink {...shared(p)} to={p.to} aria-current={p.current ? 'page' : undefined} onClick={p.onClick}>
      <Content {...p} />
    </RouterLink>
  );
}

/** A link out of the console. */
export function NavEntryAnchor(p: EntryContent & { href: string; newTab?: boolean; onClick?: () => void }) {
  return (
    <a {...shared(p)} href={p.href} target={p.newTab ? '_blank' : '_self'} rel="noreferrer" onClick={p.onClick}>
      <Content {...p} />
    </a>
  );
}

/**
 * A button: an action (log out, a language), a group's or a collapse's toggle (`expanded`), or an
 * entry that does not navigate (`locked`: announced as unavailable, still focusable; `disabled`).
 */
export function NavEntryButton(
  p: EntryContent & {
    onClick: (e: MouseEvent<HTMLButtonElement>) => unknown;
    expanded?: boolean;
    locked?: boolean;
    disabled?: boolean;
  },
) {
  return (
    <button
      type="button"
      {...shared(p)}
      onClick={(e) => void p.onClick(e)}
      aria-expanded={p.expanded}
      aria-disabled={p.locked || p.disabled ? 'true' : undefined}
      disabled={p.disabled}
    >
      <Content {...p} />
    </button>
  );
}
