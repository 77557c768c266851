import { type Theme } from '@mui/material/styles';

/**
 * The outline of a text field, at 3:1 on the backgrounds (WCAG 1.4.11): MUI's own (23% black)
 * hardly shows where a field is.
 */
export const FIELD_BORDER = { light: 'rgba(0, 0, 0, 0.5)', dark: 'rgba(255, 255, 255, 0.5)' } as const;

/**
 * The plain filter fields (components/ui/filter-field.tsx), drawn as MUI's small TextField and
 * NativeSelect are, outlined or standard: one rule set for the console, in the theme's baseline,
 * instead of each field's five styled parts. MUI's focus state is `:focus-within` here, and a label
 * moves above an empty control while it has the focus, as MUI's does.
 */
export const fieldStyles = (theme: Theme) => {
  const { palette, typography } = theme;
  const light = palette.mode === 'light';
  const body1 = {
    fontFamily: typography.fontFamily,
    fontWeight: typography.fontWeightRegular,
    fontSize: typography.pxToRem(16),
    lineHeight: '1.4375em',
  };
  return {
    '.field': {
      display: 'inline-flex',
      flexDirection: 'column',
      position: 'relative',
      minWidth: 0,
      padding: 0,
      margin: 0,
      border: 0,
      verticalAlign: 'top',
    },
    '.field-full': { width: '100%' },
    ...labelStyles(theme, body1),
    ...boxStyles(theme, body1),
    ...controlStyles(theme),
    ...outlineStyles(theme),
    ...underlineStyles(theme),
    '.field-helper': {
      ...typography.caption,
      color: palette.text.secondary,
      textAlign: 'left',
      margin: '4px 0 0',
    },
    '.field-outlined > .field-helper': { marginLeft: 14, marginRight: 14 },
    '.field-error > .field-helper': { color: palette.error.main },
    '.field-disabled > .field-helper': { color: palette.text.disabled },
    // Where nothing hovers (touch), a touch leaves no hover look behind, as MUI's fields do.
    '@media (hover: none)': {
      '.field-box:hover > .field-outline': {
        borderColor: light ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
      },
      '.field-standard:not(.field-disabled, .field-error) > .field-box:hover::before': {
        borderBottom: `1px solid ${FIELD_BORDER[palette.mode]}`,
      },
    },
    // A native select's list on the page's paper, light or dark.
    '.field-box-select option': { backgroundColor: palette.background.paper },
  };
};

type Body1 = Record<string, unknown>;

/** The label: inside an empty control, above it once the control has a value or the focus. */
const labelStyles = ({ palette, transitions }: Theme, body1: Body1) => {
  const label = transitions.create(['color', 'transform', 'max-width'], {
    duration: transitions.duration.shorter,
    easing: transitions.easing.easeOut,
  });
  return {
    '.field-label': {
      ...body1,
      color: palette.text.secondary,
      padding: 0,
      display: 'block',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      position: 'absolute',
      left: 0,
      top: 0,
      transformOrigin: 'left top',
      transition: label,
    },
    '.field-outlined > .field-label': {
      zIndex: 1,
      pointerEvents: 'none',
      maxWidth: 'calc(100% - 24px)',
      transform: 'translate(14px, 9px) scale(1)',
    },
    '.field-outlined.field-shrink > .field-label, .field-outlined:focus-within > .field-label': {
      userSelect: 'none',
      pointerEvents: 'auto',
      maxWidth: 'calc(133% - 32px)',
      transform: 'translate(14px, -9px) scale(0.75)',
    },
    '.field-standard > .field-label': { maxWidth: '100%', transform: 'translate(0, 17px) scale(1)' },
    '.field-standard.field-shrink > .field-label, .field-standard:focus-within > .field-label': {
      maxWidth: '133%',
      transform: 'translate(0, -1.5px) scale(0.75)',
    },
    '.field:focus-within > .field-label': { color: palette.primary.main },
    '.field-error > .field-label, .field-error:focus-within > .field-label': { color: palette.error.main },
    '.field-disabled > .field-label': { color: palette.text.disabled },
  };
};

/** The box around the control, and an adornment inside it. */
const boxStyles = ({ palette, shape }: Theme, body1: Body1) => ({
  '.field-box': {
    ...body1,
    color: palette.text.primary,
    boxSizing: 'border-box',
    cursor: 'text',
    display: 'inline-flex',
    alignItems: 'center',
    position: 'relative',
  },
  '.field-disabled > .field-box': { color: palette.text.disabled, cursor: 'default' },
  '.field-outlined > .field-box': { borderRadius: shape.borderRadius },
  '.field-outlined > .field-box-adorned': { paddingLeft: 14 },
  '.field-standard > .field-box': { marginTop: 16 },
  '.field-adornment': {
    display: 'flex',
    maxHeight: '2em',
    alignItems: 'center',
    whiteSpace: 'nowrap',
    color: palette.action.active,
    marginRight: 8,
  },
});

/** The input or select inside the box, and the select's arrow. */
const controlStyles = ({ palette, shape }: Theme) => ({
  '.field-input': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    height: '1.4375em',
    margin: 0,
    WebkitTapHighlightColor: 'transparent',
    display: 'block',
    minWidth: 0,
    width: '100%',
    '&:focus': { outline: 0 },
    '&:disabled': { opacity: 1, WebkitTextFillColor: palette.text.disabled },
  },
  '.field-outlined .field-input': { padding: '8.5px 14px' },
  '.field-outlined .field-box-adorned > .field-input': { paddingLeft: 0 },
  '.field-standard .field-input': { padding: '1px 0 5px' },
  'select.field-input': { appearance: 'none', userSelect: 'none', cursor: 'pointer', minWidth: 16 },
  'select.field-input:disabled': { cursor: 'default' },
  '.field-outlined select.field-input': { borderRadius: shape.borderRadius, paddingRight: 32 },
  '.field-standard select.field-input': { borderRadius: 0, paddingRight: 24 },
  '.field-touch select.field-input, .field-touch input.field-input': { minHeight: 44, boxSizing: 'border-box' },
  '.field-box-select > .plain-icon': {
    position: 'absolute',
    top: 'calc(50% - .5em)',
    pointerEvents: 'none',
    color: palette.action.active,
  },
  '.field-outlined > .field-box-select > .plain-icon': { right: 7 },
  '.field-standard > .field-box-select > .plain-icon': { right: 0 },
  '.field-disabled > .field-box-select > .plain-icon': { color: palette.action.disabled },
});

/** MUI's notched outline: the legend leaves a gap in the border for the label above it. */
const outlineStyles = ({ palette, transitions }: Theme) => {
  const easeOut = transitions.easing.easeOut;
  return {
    '.field-outline': {
      textAlign: 'left',
      position: 'absolute',
      inset: '-5px 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      overflow: 'hidden',
      minWidth: '0%',
      borderColor: FIELD_BORDER[palette.mode],
    },
    '.field-outline > legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      whiteSpace: 'nowrap',
      maxWidth: 0.01,
      transition: transitions.create('max-width', { duration: 50, easing: easeOut }),
    },
    '.field-shrink .field-outline > legend, .field:focus-within .field-outline > legend': {
      maxWidth: '100%',
      transition: transitions.create('max-width', { duration: 100, easing: easeOut, delay: 50 }),
    },
    '.field-outline > legend > span': {
      paddingLeft: 5,
      paddingRight: 5,
      display: 'inline-block',
      opacity: 0,
      visibility: 'visible',
    },
    '.field-box:hover > .field-outline': { borderColor: palette.text.primary },
    '.field-box:focus-within > .field-outline': { borderColor: palette.primary.main, borderWidth: 2 },
    '.field-error .field-box > .field-outline': { borderColor: palette.error.main },
    '.field-disabled .field-box > .field-outline': { borderColor: palette.action.disabled },
  };
};

/** The standard variant's underline: a line that thickens on hover, and a focus line that grows from the middle. */
const underlineStyles = ({ palette, transitions }: Theme) => {
  const line = FIELD_BORDER[palette.mode];
  return {
    '.field-standard > .field-box::before': {
      borderBottom: `1px solid ${line}`,
      left: 0,
      bottom: 0,
      content: '"\\00a0"',
      position: 'absolute',
      right: 0,
      transition: transitions.create('border-bottom-color', { duration: transitions.duration.shorter }),
      pointerEvents: 'none',
    },
    '.field-standard:not(.field-disabled, .field-error) > .field-box:hover::before': {
      borderBottom: `2px solid ${palette.text.primary}`,
    },
    '.field-standard > .field-box::after': {
      left: 0,
      bottom: 0,
      content: '""',
      position: 'absolute',
      right: 0,
      transform: 'scaleX(0)',
      transition: transitions.create('transform', {
        duration: transitions.duration.shorter,
        easing: transitions.easing.easeOut,
      }),
      pointerEvents: 'none',
      borderBottom: `2px solid ${palette.primary.main}`,
    },
    '.field-standard > .field-box:focus-within::after': { transform: 'scaleX(1) translateX(0)' },
    '.field-standard.field-error > .field-box::before, .field-standard.field-error > .field-box::after': {
      borderBottomColor: palette.error.main,
    },
    '.field-standard.field-disabled > .field-box::before': { borderBottomStyle: 'dotted' },
  };
};
