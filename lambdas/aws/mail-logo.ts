import { fitIn, imageSize } from '../shared/image-size';

/**
 * The company's logo at the top of a mail's HTML, as an inline image: SES v2's Simple content takes
 * it as an attachment with disposition INLINE and a Content-ID, and builds the multipart/related
 * message itself; the HTML refers to it as `cid:`. No image is fetched from anywhere by the reader's
 * mail program, and the mail's text part stays as it is.
 */
export interface MailLogo {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
  /** The alt text: the company's name. */
  alt: string;
}

/** The inline part's Content-ID, as the HTML names it (`cid:` + this). */
export const LOGO_CONTENT_ID = 'company-logo';

/** The box the logo is drawn in at most (CSS pixels): mail programs that ignore CSS still get width and height. */
const LOGO_BOX = { width: 200, height: 48 };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The `<img>` block of the logo. */
export function logoBlock(logo: MailLogo): string {
  const { width, height } = fitIn(imageSize(logo.bytes, logo.contentType), LOGO_BOX);
  return (
    `<p style="margin:0 0 16px"><img src="cid:${LOGO_CONTENT_ID}" alt="${escapeHtml(logo.alt)}" ` +
    `width="${width}" height="${height}" style="display:block;border:0;width:${width}px;height:${height}px"></p>`
  );
}

/** `html` with the logo first: right after `<body>` when the HTML is a whole document, else before it all. */
export function htmlWithLogo(html: string, logo: MailLogo): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return logoBlock(logo) + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + logoBlock(logo) + html.slice(at);
}

/** The logo's inline part: a file name with its extension (SES requires one), its Content-ID. */
export const logoPart = (logo: MailLogo) => ({
  fileName: logo.contentType === 'image/png' ? 'logo.png' : 'logo.jpg',
  contentType: logo.contentType,
  content: Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength),
  contentId: LOGO_CONTENT_ID,
});
