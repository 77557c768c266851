/**
 * The PDF writer of the server's documents (the insertion order): A4 pages in one direction, text
 * in Hebrew or Latin scripts with its runs ordered by the bidirectional algorithm, headings,
 * key–value lists, tables, a logo, page numbers. Server only; imported by the code that renders a
 * PDF and by nothing else, so no other bundle carries the fonts (docs/documents.md).
 */
export { PdfWriter, type TextStyle } from './document';
export type { PdfImageInput } from './image';
export { heading, keyValues, logo, paragraph, table, type TableColumn } from './layout';
export { visualLine } from './text';
