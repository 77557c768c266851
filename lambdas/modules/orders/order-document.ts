import { minorToNumber } from '../../shared/money';
import type { Locale } from '../../shared/locales';
import type { Activity } from '../activities';
import type { Account } from '../tenancy';
import type { Vendor } from '../vendors';
import type { InsertionOrderDocument } from './io-document';
import { periodTotals } from './order-amounts';
import type { Order } from './store';

/** The number an order is known by outside Mixdesk: its year of creation and id (IO-2026-0042). */
export const orderNumber = (o: Pick<Order, 'ID' | 'createdAt'>): string =>
  `IO-${o.createdAt.slice(0, 4)}-${String(o.ID).padStart(4, '0')}`;

/** What the document shows beside the order: the agency, its logo, the vendor and the names. */
export interface DocumentParts {
  language: Locale;
  agencyName: string;
  logo?: { bytes: Uint8Array; contentType: 'image/png' | 'image/jpeg' };
  vendor: Vendor;
  account: Account | undefined;
  activity: Activity | undefined;
  instructions: string | null;
  date: string;
}

/** The insertion-order document (io-document) of an order: its lines and months as decimals, summed per month. */
export function orderDocument(o: Order, p: DocumentParts): InsertionOrderDocument {
  const periods = periodTotals(o.Lines);
  return {
    language: p.language,
    agency: {
      name: p.agencyName,
      ...(p.logo ? { logo: { bytes: p.logo.bytes, type: p.logo.contentType } } : {}),
    },
    vendor: {
      name: p.vendor.Name,
      taxId: p.vendor.TaxId || undefined,
      address: p.vendor.Address || undefined,
      contactNames: p.vendor.Contacts.map((c) => c.Name),
    },
    order: {
      number: orderNumber(o),
      version: o.Version,
      date: p.date,
      currency: o.Currency,
      paymentTerms: p.vendor.PaymentTerms,
      ...(p.instructions ? { instructions: p.instructions } : {}),
    },
    accountName: p.account?.Name ?? '',
    activityName: p.activity?.Name ?? '',
    periods: periods.map((m) => m.Month),
    lines: o.Lines.map((l) => ({
      name: l.Name,
      channelType: l.ChannelTypeName,
      startDate: l.StartDate,
      endDate: l.EndDate,
      amounts: Object.fromEntries(l.Months.map((m) => [m.Month, minorToNumber(m.AmountMinor)])),
      total: minorToNumber(l.TotalMinor),
    })),
    totals: {
      periods: Object.fromEntries(periods.map((m) => [m.Month, minorToNumber(m.AmountMinor)])),
      total: minorToNumber(o.TotalMinor),
    },
  };
}
