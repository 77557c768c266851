import type { ExportedFile } from '../media-plans/replies/plans';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** A file name every OS accepts: letters (Hebrew too), digits, spaces, dots, dashes and underscores. */
const safeFileName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);

/**
 * The PDF as the API's file reply (ExportedFile, as ExportMediaMix answers its .xlsx): the name in
 * the document's language, an ASCII stand-in in Content-Disposition for clients without filename*.
 */
export function pdfFile(bytes: Uint8Array, name: string): ExportedFile {
  const fileName = `${safeFileName(name) || 'flowchart'}.pdf`;
  const ascii = `${safeFileName(name.replace(/[^\x20-\x7e]/g, '')) || 'flowchart'}.pdf`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return {
    FileName: fileName,
    ContentType: PDF_CONTENT_TYPE,
    ContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`,
    Base64: Buffer.from(bytes).toString('base64'),
  };
}
