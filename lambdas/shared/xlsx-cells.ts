/**
 * The two pieces of SpreadsheetML every .xlsx of Mixdesk needs, shared by the writer
 * (shared/xlsx-package.ts, the server's and the console's) and the server's reader
 * (core/xlsx-read.ts): cell references and text made safe for the XML.
 */

/** A1-style column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/**
 * Text for an XML element or attribute: characters XML 1.0 cannot hold (controls other than tab,
 * line feed and carriage return; U+FFFE, U+FFFF) dropped — Excel refuses a file holding them —
 * and the five markup characters escaped.
 */
export const xmlText = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
