import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useTheme } from '@mui/material/styles';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { PlainIcon } from './plain-icon';

/**
 * The fields of a list screen's filter bar, and the date input's stand-in: a text field and a
 * native select as plain elements, drawn by one rule set in the theme's baseline
 * (lib/display/field-styles.ts) as MUI's small TextField is, outlined or standard (display
 * settings). Built from MUI's parts they were a FormControl, a label, an input base, an outline and
 * an adornment per field, each with its own style computation: the largest part of a list's first
 * frame after its rows. A native <select> shows its choices as well as MUI's Menu would (and better
 * on a phone), without bringing the Menu, Popover and Modal to every list. Forms in dialogs keep
 * TextField.
 */
interface FieldFrame {
  label: ReactNode;
  name?: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  /** The field's own box: its width in a filter bar, a margin. */
  style?: CSSProperties;
  /** A touch-sized control (44 px high), as the phone screens use. */
  touch?: boolean;
  testId?: string;
  required?: boolean;
  disabled?: boolean;
}

function useOutlined(): boolean {
  const variant = (useTheme().components?.MuiTextField?.defaultProps as { variant?: string } | undefined)?.variant;
  return variant !== 'standard';
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The frame every field shares: label, the box around the control (with the outline), helper text. */
function Field({
  frame,
  id,
  shrink,
  box,
  children,
}: {
  frame: FieldFrame;
  id: string;
  /** The label sits above the control (it also does while the field has the focus). */
  shrink: boolean;
  box?: string;
  children: ReactNode;
}) {
  const outlined = useOutlined();
  const { label, required, helperText } = frame;
  const asterisk = required ? ' *' : '';
  return (
    <div
      className={classes(
        'field',
        outlined ? 'field-outlined' : 'field-standard',
        shrink && 'field-shrink',
        frame.error && 'field-error',
        frame.disabled && 'field-disabled',
        frame.fullWidth && 'field-full',
        frame.touch && 'field-touch',
      )}
      style={frame.style}
    >
      <label className="field-label" htmlFor={id} data-shrink={shrink}>
        {label}
        {required && <span aria-hidden="true">{asterisk}</span>}
      </label>
      <div className={classes('field-box', box)}>
        {children}
        {outlined && (
          <fieldset aria-hidden="true" className="field-outline">
            <legend>
              <span>
                {label}
                {asterisk}
              </span>
            </legend>
          </fieldset>
        )}
      </div>
      {helperText && (
        <p id={`${id}-helper`} className="field-helper">
          {helperText}
        </p>
      )}
    </div>
  );
}

export function FilterTextField({
  value,
  onChange,
  startIcon,
  readOnly,
  ltr,
  shrink,
  onFocus,
  onPointerEnter,
  ...frame
}: FieldFrame & {
  value: string;
  onChange?: (value: string) => void;
  /** Drawn before the text (a search glass): a plain icon (plain-icon.tsx). */
  startIcon?: ReactNode;
  readOnly?: boolean;
  /** Latin text (dates, codes) reads left to right inside a Hebrew screen. */
  ltr?: boolean;
  shrink?: boolean;
  onFocus?: () => void;
  onPointerEnter?: () => void;
}) {
  const id = useId();
  return (
    <Field
      frame={frame}
      id={id}
      shrink={!!shrink || !!startIcon || value !== ''}
      box={startIcon ? 'field-box-adorned' : undefined}
    >
      {startIcon && <span className="field-adornment">{startIcon}</span>}
      <input
        id={id}
        type="text"
        className="field-input"
        name={frame.name}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        onFocus={onFocus}
        onPointerEnter={onPointerEnter}
        readOnly={readOnly}
        required={frame.required}
        disabled={frame.disabled}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={!!frame.error}
        aria-describedby={frame.helperText ? `${id}-helper` : undefined}
        data-testid={frame.testId}
      />
    </Field>
  );
}

export interface FilterChoice<V extends string | number> {
  value: V;
  label: ReactNode;
}

/** A native select (the choices as the system shows them); the value keeps its type (number or string). */
export function FilterSelect<V extends string | number>({
  value,
  onChange,
  choices,
  ...frame
}: FieldFrame & {
  value: V;
  onChange: (value: V) => void;
  choices: readonly FilterChoice<V>[];
}) {
  const id = useId();
  return (
    <Field frame={frame} id={id} shrink box="field-box-select">
      <select
        id={id}
        className="field-input"
        name={frame.name}
        value={String(value)}
        onChange={(e) => onChange(choices.find((c) => String(c.value) === e.target.value)?.value ?? value)}
        required={frame.required}
        disabled={frame.disabled}
        aria-invalid={!!frame.error}
        aria-describedby={frame.helperText ? `${id}-helper` : undefined}
        data-testid={frame.testId}
      >
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
      <PlainIcon of={ArrowDropDown} size="medium" />
    </Field>
  );
}
