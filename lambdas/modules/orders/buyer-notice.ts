import { log } from '../../core/logger';
import { mailerFromEnv, type Mailer } from '../../aws/ses-mailer';
import { directionOf, isLocale, type Locale } from '../../shared/locales';
import { getActivity } from '../activities';
import { putNotificationOnce } from '../notifications';
import { getAccount, getCompany } from '../tenancy';
import { getVendor } from '../vendors';
import { orderNumber } from './order-document';
import { escapeHtml } from './send-mail';
import { SEND_WORDS } from './send-words';
import type { Order, OrderSend } from './store';

/**
 * The buyer hears of the vendor's answer (docs/buy-side.md "Sending and acceptance"): the user who
 * sent the order gets a notification under the bell (kind orderAccepted / orderRejected, opening
 * the order) and a mail in the company's language. Best effort after the decision is recorded: a
 * failure is logged, the decision stands (the order's screen shows it either way).
 */
export async function noticeToBuyer(
  companyId: number,
  o: Order,
  send: OrderSend,
  deps: { mailer?: Mailer } = {},
): Promise<void> {
  const d = send.Decision;
  if (!d) return;
  try {
    const [company, account, activity, vendor] = await Promise.all([
      getCompany(companyId),
      getAccount(companyId, o.AccountId),
      getActivity(companyId, o.ActivityId),
      getVendor(companyId, o.VendorId),
    ]);
    const actor = d.TypedName ? `${d.TypedName} (${d.By})` : d.By;
    await putNotificationOnce({
      companyId,
      recipient: send.SentBySub,
      kind: d.Kind === 'accepted' ? 'orderAccepted' : 'orderRejected',
      accountId: o.AccountId,
      accountName: account?.Name ?? '',
      activityId: o.ActivityId,
      activityName: activity?.Name ?? '',
      versionId: o.MediaMixId,
      version: send.OrderVersion,
      headerVersion: o.version,
      actorName: actor,
      reason: d.Reason,
      at: d.At,
      orderId: o.ID,
    });
    const mailer = deps.mailer ?? mailerFromEnv();
    if (!mailer) return;
    const lang: Locale = isLocale(company?.DefaultLocale) ? company.DefaultLocale : 'en';
    const w = SEND_WORDS[lang];
    const word = d.Kind === 'accepted' ? w.acceptedWord : w.rejectedWord;
    const number = orderNumber(o);
    const vendorName = vendor?.Name ?? '';
    const lines = [w.answeredBody(vendorName, number, word, actor), ...(d.Reason ? [`${w.reason}: ${d.Reason}`] : [])];
    await mailer.send({
      to: send.SentBy,
      subject: w.answeredSubject(number, vendorName, word),
      text: lines.join('\n'),
      html: `<div dir="${directionOf(lang)}" lang="${lang}">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>`,
    });
  } catch (err) {
    log.warn('orders: the buyer was not told of the answer', { companyId, orderId: o.ID, why: (err as Error).message });
  }
}
