import type { Mail } from '../../aws/ses-mailer';
import { directionOf, INTL_TAGS, type Locale } from '../../shared/locales';
import type { DigestEntry } from './digest-rules';
import { DIGEST_WORDS } from './digest-words';

/**
 * One user's digest mail (HTML and text) in their language, right to left in Hebrew. Every user
 * text (activity and account names) reaches the HTML escaped; the links are built from ids only.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The console's activity performance page of a plan version (web features/performance). */
export const activityPath = (e: Pick<DigestEntry['pacing'], 'AccountId' | 'ActivityId' | 'MediaMixId'>) =>
  `/accounts/${e.AccountId}/activities/${e.ActivityId}/mediaMix/${e.MediaMixId}/stats`;

export interface DigestMailInput {
  to: string;
  language: Locale;
  daily: boolean;
  lower: number;
  upper: number;
  entries: readonly DigestEntry[];
  consoleUrl: string | undefined;
  unsubscribeUrl: string;
}

function figures(e: DigestEntry, lang: Locale) {
  const w = DIGEST_WORDS[lang];
  const p = e.pacing.Pacing;
  const money = (n: number) =>
    new Intl.NumberFormat(INTL_TAGS[lang], { style: 'currency', currency: e.pacing.CurrencyCode }).format(n);
  const pct = new Intl.NumberFormat(INTL_TAGS[lang], { maximumFractionDigits: 2 }).format(p.PacingPct ?? 0);
  return [
    [w.pacing, `${pct} %`],
    [w.projection, money(p.ProjectedEndSpend)],
    [w.budget, money(p.PlannedBudget)],
    [w.dailyNeeded, p.DailySpendNeeded === null ? '—' : money(p.DailySpendNeeded)],
  ] as const;
}

export function digestMail(m: DigestMailInput): Mail {
  const w = DIGEST_WORDS[m.language];
  const dir = directionOf(m.language);
  const base = m.consoleUrl?.replace(/\/$/, '');
  const text: string[] = [w.intro(m.lower, m.upper), ''];
  const html: string[] = [`<p>${escapeHtml(w.intro(m.lower, m.upper))}</p>`];
  for (const e of m.entries) {
    const title = `${e.pacing.ActivityName} (${e.pacing.AccountName})`;
    const status = e.alert === 'under' ? w.under : w.over;
    const link = base ? `${base}${activityPath(e.pacing)}` : undefined;
    const rows = figures(e, m.language);
    text.push(
      `${status}: ${title}`,
      ...rows.map(([k, v]) => `  ${k}: ${v}`),
      ...(link ? [`  ${w.open}: ${link}`] : []),
      '',
    );
    html.push(
      `<h3 style="margin-bottom:4px">${escapeHtml(status)}: ${escapeHtml(title)}</h3><table>` +
        rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td><b>${escapeHtml(v)}</b></td></tr>`).join('') +
        `</table>` +
        (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>` : ''),
    );
  }
  text.push(w.why, `${w.unsubscribe}: ${m.unsubscribeUrl}`);
  html.push(
    `<p style="color:#666;font-size:12px">${escapeHtml(w.why)} <a href="${escapeHtml(m.unsubscribeUrl)}">${escapeHtml(w.unsubscribe)}</a></p>`,
  );
  return {
    to: m.to,
    subject: `Mixdesk: ${w.subject(m.entries.length, m.daily)}`,
    text: text.join('\n'),
    html: `<!doctype html><html lang="${m.language}" dir="${dir}"><body><div dir="${dir}" lang="${m.language}">${html.join('\n')}</div></body></html>`,
  };
}
