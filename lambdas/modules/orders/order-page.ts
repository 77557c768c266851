import { minorToNumber } from '../../shared/money';
import { directionOf, type Locale } from '../../shared/locales';
import { getActivity } from '../activities';
import { companyLogo } from '../configurations';
import { getAccount, getCompany } from '../tenancy';
import { getVendor } from '../vendors';
import type { LinkRefusal, OpenLink } from './acceptance';
import { amountText, dayText, moneyText, periodText } from './io-document/format';
import { IO_LABELS } from './io-document/labels';
import { periodTotals } from './order-amounts';
import { orderNumber } from './order-document';
import { escapeHtml } from './send-mail';
import { SEND_WORDS } from './send-words';
import type { OrderDecision } from './store';

/**
 * The HTML of a sent order's public page (docs/buy-side.md "Sending and acceptance"), in the send's
 * language, right to left in Hebrew: the agency (name and logo), the vendor, the lines with their
 * months, the totals, the payment terms and instructions, the documents' downloads through the
 * token, then the two forms (accept with a typed name, reject with a reason) or the decision made.
 * Every value of a user is escaped; the page runs no script.
 */
export interface PageFacts {
  agency: string;
  logo?: { bytes: Uint8Array; contentType: string };
  vendor: string;
  account: string;
  activity: string;
  /** The vendor's payment terms in the page's words. */
  terms: string;
}

export async function pageFacts(link: OpenLink): Promise<PageFacts> {
  const { companyId, order } = link;
  const [company, logo, vendor, account, activity] = await Promise.all([
    getCompany(companyId),
    companyLogo(companyId),
    getVendor(companyId, order.VendorId),
    getAccount(companyId, order.AccountId),
    getActivity(companyId, order.ActivityId),
  ]);
  return {
    agency: company?.Name ?? '',
    logo,
    vendor: vendor?.Name ?? '',
    account: account?.Name ?? '',
    activity: activity?.Name ?? '',
    terms: vendor ? IO_LABELS[link.send.Language].terms(vendor.PaymentTerms) : '',
  };
}

const e = escapeHtml;

function frame(langs: readonly Locale[], body: string, title = 'Mixdesk'): string {
  return `<!doctype html>
<html lang="${langs[0]}" dir="${directionOf(langs[0])}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:start}td.n{text-align:end;white-space:nowrap}tfoot td{font-weight:bold}dt{font-weight:bold}form{margin:1rem 0;padding:1rem;border:1px solid #ccc}textarea,input[type=text]{width:100%;box-sizing:border-box}.msg{padding:.5rem 1rem;background:#fff3cd}</style></head>
<body>
${body}
</body></html>`;
}

/** A page that opens no order: why, in the send's language (or Hebrew and English when the token names none). */
export function refusalPage(why: LinkRefusal | 'decided', lang: Locale | undefined): string {
  const langs: Locale[] = lang ? [lang] : ['he', 'en'];
  return frame(
    langs,
    `<h1>Mixdesk</h1>\n` +
      langs.map((l) => `<p lang="${l}" dir="${directionOf(l)}">${e(SEND_WORDS[l][why])}</p>`).join('\n'),
  );
}

export function decisionText(lang: Locale, d: OrderDecision): string {
  const w = SEND_WORDS[lang];
  const at = `${dayText(lang, d.At)} ${d.At.slice(11, 16)} UTC`;
  return d.Kind === 'accepted' ? w.accepted(d.TypedName ?? '', d.By, at) : w.rejected(d.By, at, d.Reason ?? '');
}

function table(lang: Locale, link: OpenLink): string {
  const L = IO_LABELS[lang];
  const o = link.order;
  const periods = periodTotals(o.Lines);
  const head = [L.line, L.channel, L.start, L.end, ...periods.map((p) => periodText(lang, p.Month)), L.total];
  const rows = o.Lines.map((l) => {
    const byMonth = new Map(l.Months.map((m) => [m.Month, m.AmountMinor]));
    const cells = periods.map((p) => {
      const v = byMonth.get(p.Month);
      return `<td class="n">${v === undefined ? '' : e(amountText(lang, minorToNumber(v)))}</td>`;
    });
    return `<tr><td>${e(l.Name)}</td><td>${e(l.ChannelTypeName)}</td><td>${e(dayText(lang, l.StartDate))}</td><td>${e(dayText(lang, l.EndDate))}</td>${cells.join('')}<td class="n">${e(amountText(lang, minorToNumber(l.TotalMinor)))}</td></tr>`;
  });
  const totals = periods.map((p) => `<td class="n">${e(amountText(lang, minorToNumber(p.AmountMinor)))}</td>`);
  return (
    `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody>` +
    `<tfoot><tr><td colspan="4">${e(L.totals)}</td>${totals.join('')}<td class="n">${e(moneyText(lang, minorToNumber(o.TotalMinor), o.Currency))}</td></tr></tfoot></table>`
  );
}

function forms(lang: Locale, token: string): string {
  const w = SEND_WORDS[lang];
  const action = `?t=${e(encodeURIComponent(token))}`;
  return (
    `<form method="post" action="${action}"><h3>${e(w.acceptTitle)}</h3><input type="hidden" name="decision" value="accept">` +
    `<label>${e(w.typedName)} <input type="text" name="typedName" maxlength="200" required autocomplete="name"></label> ` +
    `<p><button type="submit">${e(w.acceptButton)}</button></p></form>` +
    `<form method="post" action="${action}"><h3>${e(w.rejectTitle)}</h3><input type="hidden" name="decision" value="reject">` +
    `<label>${e(w.reason)} <textarea name="reason" maxlength="1000" rows="3" required></textarea></label>` +
    `<p><button type="submit">${e(w.rejectButton)}</button></p></form>`
  );
}

/** The order's page: read-only, then the forms (no decision yet) or the decision; `message` on top (a refusal of the form). */
export function orderPage(link: OpenLink, facts: PageFacts, token: string, message?: string): string {
  const lang = link.send.Language;
  const L = IO_LABELS[lang];
  const w = SEND_WORDS[lang];
  const o = link.order;
  const number = orderNumber(o);
  const logo = facts.logo
    ? `<img src="data:${e(facts.logo.contentType)};base64,${Buffer.from(facts.logo.bytes).toString('base64')}" alt="${e(facts.agency)}" style="max-height:4rem;max-width:12rem">`
    : '';
  const facts2: [string, string][] = [
    [L.vendor, facts.vendor],
    [L.account, facts.account],
    [L.activity, facts.activity],
    [L.date, dayText(lang, link.send.SentAt)],
    [L.currency, o.Currency === 1 ? 'USD' : 'ILS'],
    [L.paymentTerms, facts.terms],
  ];
  const file = (kind: 'pdf' | 'xlsx', label: string) =>
    `<a href="?t=${e(encodeURIComponent(token))}&amp;file=${kind}" download>${e(label)}</a>`;
  const decided = link.send.Decision;
  const body = [
    `<header>${logo}<h1>${e(facts.agency)}</h1></header>`,
    message ? `<p class="msg" role="alert">${e(message)}</p>` : '',
    `<h2>${e(L.title)} ${e(number)} · ${e(L.version)} ${o.Version}</h2>`,
    `<dl>${facts2.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>`,
    table(lang, link),
    link.send.Instructions
      ? `<h3>${e(L.instructions)}</h3>${link.send.Instructions.split(/\n+/)
          .map((p) => `<p>${e(p)}</p>`)
          .join('')}`
      : '',
    `<p>${e(w.download)}: ${file('pdf', w.pdf)} · ${file('xlsx', w.excel)}</p>`,
    decided ? `<p role="status"><strong>${e(decisionText(lang, decided))}</strong></p>` : forms(lang, token),
  ];
  return frame([lang], body.filter(Boolean).join('\n'), `${L.title} ${number}`);
}
