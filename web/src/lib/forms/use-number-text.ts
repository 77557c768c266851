import { useEffect, useRef, useState } from 'react';
import { INVALID_NUMBER, numberFieldValue, numberInputText } from './number-text';

/**
 * The text of a number input bound to a value in the plain spelling (number-text.ts): what is typed
 * stays as typed ("1 234,5") while the value becomes its plain spelling ("1234.5", INVALID_NUMBER
 * while it is no number); a value set from outside (a reset, a reload, another field's choice) or
 * another language rewrites the text in the language's way.
 */
export function useNumberText(value: string, locale: string, onValue: (value: string) => void) {
  const [text, setText] = useState(() => numberInputText(value, locale));
  // The value and language the text stands for: a reload or another language rewrites it, what is typed does not.
  const held = useRef({ value, locale });
  useEffect(() => {
    if (value === held.current.value && locale === held.current.locale) return;
    held.current = { value, locale };
    if (value !== INVALID_NUMBER) setText(numberInputText(value, locale));
  }, [value, locale]);
  const onText = (typed: string) => {
    const next = numberFieldValue(typed, locale);
    held.current = { value: next, locale };
    setText(typed);
    onValue(next);
  };
  return { text, onText };
}
