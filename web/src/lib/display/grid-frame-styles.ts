import { type Theme } from '@mui/material/styles';

/**
 * A grid's plain header cells with their sort buttons (components/ui/sortable-header.tsx) and its
 * pager (components/ui/table-pager.tsx), drawn as MUI's small head TableCell with a TableSortLabel,
 * and as its rows-per-page NativeSelect and small IconButtons were: one rule set for the console, in
 * the theme's baseline, instead of each part's own style computation on every list's first frame.
 * The cells also carry `data-cell` (data-row-styles.ts) for the padding and border they share.
 */
/** A button or select drawn with none of the browser's own look: it takes the text and colour around it. */
const CONTROL_RESET = {
  margin: 0,
  border: 0,
  borderRadius: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
};

export const gridFrameStyles = (theme: Theme) => {
  const focusRing = { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 };
  return {
    '.data-head-cell': {
      lineHeight: theme.typography.pxToRem(24),
      fontWeight: theme.typography.fontWeightMedium,
    },
    // MUI's TableSortLabel: the arrow shows on hover (half) and on the sorted column (whole).
    '.data-sort': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'flex-start',
      flexDirection: 'inherit',
      boxSizing: 'border-box',
      ...CONTROL_RESET,
      padding: 0,
      textAlign: 'inherit',
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      WebkitTapHighlightColor: 'transparent',
      '&:focus, &:hover': { color: theme.palette.text.secondary },
      '&:hover > .plain-icon': { opacity: 0.5 },
      '&:focus-visible': focusRing,
    },
    '.data-sort > .plain-icon': {
      fontSize: 18,
      marginLeft: 4,
      marginRight: 4,
      opacity: 0,
      transform: 'rotate(180deg)',
      transition: theme.transitions.create(['opacity', 'transform'], { duration: theme.transitions.duration.shorter }),
    },
    '.data-sort-desc > .plain-icon': { transform: 'rotate(0deg)' },
    '.data-sort.data-sort-active': { color: theme.palette.text.primary },
    '.data-sort-active > .plain-icon, .data-sort-active:hover > .plain-icon': {
      opacity: 1,
      color: theme.palette.text.secondary,
    },
    // MUI's Stack in a row with spacing 2 under the table.
    '.table-pager': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'flex-end',
      gap: 16,
      padding: '8px 0',
    },
    '.table-pager-text': { ...theme.typography.body2, margin: 0 },
    // MUI's NativeSelect without its underline: the select, and its arrow at the end.
    '.table-pager-size': {
      ...theme.typography.body1,
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      color: theme.palette.text.primary,
    },
    '.table-pager-size > select': {
      appearance: 'none',
      boxSizing: 'content-box',
      height: '1.4375em',
      minWidth: 16,
      ...CONTROL_RESET,
      padding: '4px 24px 5px 0',
      cursor: 'pointer',
      '&:focus-visible': focusRing,
    },
    '.table-pager-size > .plain-icon': {
      position: 'absolute',
      right: 0,
      top: 'calc(50% - .5em)',
      pointerEvents: 'none',
      color: theme.palette.action.active,
    },
    // The page arrows point the other way in a right-to-left page.
    '[dir="rtl"] .table-pager-flip > .plain-icon': { transform: 'scaleX(-1)' },
  };
};
