import { createHash } from 'node:crypto';

/**
 * The insertion-order document (docs/documents.md): one plain input, `InsertionOrderDocument`, laid
 * out as a PDF (core/pdf) and as an .xlsx workbook (core/xlsx) in the vendor's language. Import it
 * only where an order document is written: the PDF path carries the fonts.
 */
export { insertionOrderPdf } from './pdf';
export { insertionOrderXlsx } from './xlsx';
export type { InsertionOrderDocument, InsertionOrderLine } from './types';

/** The SHA-256 of a document's bytes, hex: what an order records of the file it sent. */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
