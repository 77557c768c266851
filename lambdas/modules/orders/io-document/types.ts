import type { ExportLanguage } from '../../../shared/export-language';
import type { PaymentTerms } from '../../vendors/replies';

/**
 * What an insertion-order document (PDF and Excel) shows: plain data, already read and summed by
 * the orders module; the builders only lay it out in the document's language.
 */
export interface InsertionOrderDocument {
  /** he is written right to left; fr, ro and zh have their own words (the PDF writes zh in English: its font has no CJK). */
  language: ExportLanguage;
  agency: { name: string; logo?: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' }; address?: string };
  vendor: { name: string; taxId?: string; address?: string; contactNames: string[] };
  order: {
    number: string;
    version: number;
    /** YYYY-MM-DD. */
    date: string;
    /** As vendors and accounts: 1 USD, 2 ILS. */
    currency: 1 | 2;
    paymentTerms: PaymentTerms;
    instructions?: string;
    terms?: string;
  };
  accountName: string;
  activityName: string;
  /** The months the order covers, 'YYYY-MM', in order: one amount column each. */
  periods: string[];
  lines: InsertionOrderLine[];
  /** The sum of each period's amounts, and of all. */
  totals: { periods: Record<string, number>; total: number };
}

export interface InsertionOrderLine {
  name: string;
  channelType: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Decimal amounts by period ('YYYY-MM'); a period the line has no amount in is absent. */
  amounts: Record<string, number>;
  total: number;
}
