import { alpha, type Theme } from '@mui/material/styles';
import { TOUCH_MEDIA } from './touch';

/**
 * The side menu's plain entries (features/layout/components/nav-entry.tsx), drawn as MUI's dense
 * ListItemButton with a ListItemIcon and a ListItemText was: one rule set for the console, in the
 * theme's baseline, instead of each entry's own style computation.
 */
export const navEntryStyles = (theme: Theme) => {
  const selected = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity);
  return {
    // A group of entries (the menu's sections, the drawer's foot): MUI's dense List with px 1 was.
    '.nav-group': { padding: 8 },
    '.nav-entry': {
      ...theme.typography.body2,
      display: 'flex',
      alignItems: 'center',
      width: '100%',
      boxSizing: 'border-box',
      margin: '0 0 4px',
      paddingBlock: 4,
      paddingInlineEnd: 16,
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: theme.palette.text.primary,
      textAlign: 'start',
      textDecoration: 'none',
      cursor: 'pointer',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&[aria-current="page"], &[data-chosen="true"]': { backgroundColor: selected },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
      '&:disabled': { opacity: theme.palette.action.disabledOpacity, cursor: 'default' },
      [TOUCH_MEDIA]: { minHeight: 44 },
    },
    '.nav-entry-heading .nav-entry-text': { ...theme.typography.subtitle2, fontWeight: 600 },
    '.nav-entry-icon': {
      display: 'inline-flex',
      flexShrink: 0,
      minWidth: 36,
      color: theme.palette.action.active,
    },
    '.nav-entry-heading .nav-entry-icon': { display: 'none' },
    '.nav-entry-text': { flex: '1 1 auto', minWidth: 0, marginBlock: 4 },
    '.nav-entry-caption': { ...theme.typography.body2, display: 'block', color: theme.palette.text.secondary },
  };
};
