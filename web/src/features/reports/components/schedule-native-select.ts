/** A native select bound to the form (plain <option>s: no menu, and what the browser journeys choose with selectOption). */
export const nativeSelect = (testId: string) => ({
  select: { native: true },
  htmlInput: { 'data-testid': testId },
  inputLabel: { shrink: true },
});
