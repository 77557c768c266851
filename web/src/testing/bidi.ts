/** Bidi isolate controls (LRI, RLI, FSI, PDI) as the Hebrew console writes them around values and Latin runs. */
const ISOLATES = /[\u2066-\u2069]/g;

/** The text without its bidi isolates, for tests that compare what a Hebrew screen says. */
export function stripIsolates(text: string | null | undefined): string {
  return (text ?? '').replace(ISOLATES, '');
}
