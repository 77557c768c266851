import type { CaughtMail } from './ses-wire';

/** The local SES's mail catcher page. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Web addresses of an escaped text made links (ending at a quote or bracket), so a mailed link (an order's, a confirmation's) opens from the catcher. */
const linked = (escaped: string) =>
  escaped.replace(/\bhttps?:\/\/(?:(?!&quot;|&lt;|&gt;|&#39;)[^\s<])+/g, (url) => `<a href="${url}">${url}</a>`);

/** The mail catcher page: every caught mail, newest first, everything escaped (a mail's HTML opens sandboxed on its own page). */
export function catcherPage(mails: readonly CaughtMail[]): string {
  const rows = mails
    .map(
      (m) => `
<article class="mail" data-message-id="${escapeHtml(m.MessageId)}">
  <h2>${escapeHtml(m.Subject)}</h2>
  <p class="meta">To <b>${escapeHtml(m.To.join(', '))}</b> · from ${escapeHtml(m.From)} · <time>${escapeHtml(m.At)}</time>${m.Html ? ` · <a href="/mails/${encodeURIComponent(m.MessageId)}/html">HTML version</a>` : ''}</p>
  <pre dir="auto">${linked(escapeHtml(m.Text))}</pre>${
    m.Attachments?.length
      ? `
  <p class="meta">Attached: ${m.Attachments.map((a) => `<b>${escapeHtml(a.FileName)}</b> (${escapeHtml(a.ContentType)}, ${Math.floor((a.Base64.length * 3) / 4)} bytes)`).join(', ')}</p>`
      : ''
  }
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mixdesk mail catcher</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}.mail{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body>
<h1>Mixdesk mail catcher</h1>
<p>What Mixdesk would have e-mailed through Amazon SES, newest first (${mails.length} caught; kept in memory until the stack stops).</p>
${rows || '<p id="no-mail">No mail yet.</p>'}
</body></html>`;
}
