import { getAccount } from '../tenancy';
import type { UserProfile } from '../tenancy';
import { DEFAULT_EXPORT_LANGUAGE, type ExportLanguage } from '../../shared/export-language';
import type { BillableStatementView } from './replies';
import type { ExportedFile } from '../media-plans/replies/plans';
import { billableStatementFor } from './statement';
import { cachedConfiguration, companyLogo } from '../configurations';
import { writeXlsx, type Cell, type SheetData } from '../../core/xlsx';
import { directionOf, INTL_TAGS } from '../../shared/locales';
import { BILLING_LABELS } from './export-labels';

/**
 * ExportBillableStatement: the month's statement as an .xlsx workbook, written by the plan export's
 * writer (xlsx.ts) with its words in the caller's language (./export-labels.ts): the SAME figures as
 * GetBillableStatement (built from it: the stored snapshot once final), money cells as numbers with
 * two decimals (already rounded half-up once by billable.ts), so the sheet and the API agree.
 * The company's logo, if it has one, floats at the top right of the header block.
 */

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { ILS: '₪', USD: '$', EUR: '€', GBP: '£' };

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });

/** What the sheet names besides the figures: the account's name, and when it was marked final as the reader writes a moment. */
interface SheetNames {
  account: string;
  finalizedAt: string;
}

/** A moment in the language's way, in the company's zone ("Nov 3, 2026, 9:15 AM"). */
const momentIn = (iso: string, language: ExportLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(INTL_TAGS[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));

/** An account name as part of a file name: letters (any script), digits, '.', '_' and '-', spaces as '-'; at most 60. */
const fileNamePart = (name: string, fallback: string) => {
  const part = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, 60)
    .replace(/^[.-]+|[.-]+$/g, '');
  return part || fallback;
};

/** The statement's sheet: the cells are the reply's figures. */
function billingSheet(s: BillableStatementView, language: ExportLanguage, names: SheetNames): SheetData {
  const B = BILLING_LABELS[language];
  const L = B;
  const MONEY = B.moneyFormat(CURRENCY_SIGNS[s.CurrencyCode] ?? s.CurrencyCode);
  const money = (value: number | null): Cell => (value === null ? null : { value, type: Number, format: MONEY });
  const rows: SheetData = [
    [bold(B.title)],
    [bold(B.month), B.monthText(s.Month)],
    [bold(B.account), names.account],
    [bold(B.status), s.Final ? B.final(s.FinalizedByName ?? s.FinalizedBy ?? '', names.finalizedAt) : B.notFinal],
    [bold(L.currency), s.CurrencyCode],
    [],
    B.columns.map((c) => bold(c)),
  ];
  for (const l of s.Lines) {
    rows.push([
      l.ActivityName,
      l.LineName,
      l.ChannelTypeName,
      l.StartDate,
      money(l.Net),
      money(l.ManagementFee),
      money(l.SystemFee),
      money(l.CreativeFee),
      money(l.Subtotal),
      money(l.NetAtPlanRate),
    ]);
  }
  rows.push(
    [],
    [bold(L.totals), bold(s.CurrencyCode)],
    [L.net, money(s.Net)],
    [L.managementFee, money(s.ManagementFee)],
    [L.systemFee, money(s.SystemFee)],
    [L.creativeFee, money(s.CreativeFee)],
    [L.setupFee, money(s.SetupFee)],
    [L.subtotal, money(s.Subtotal)],
    [L.vat, money(s.Vat), s.ApplyVat ? L.vatPct(s.VatPct) : L.vatOff],
    [bold(L.total), money(s.Total)],
    [],
    [bold(B.fx), s.Fx.Effect === null ? B.fxUnknown : money(s.Fx.Effect)],
    [B.netAtPlanRate, money(s.Fx.NetAtPlanRate)],
  );
  return rows;
}

export async function exportBillableStatement(
  caller: UserProfile,
  scopeAccountId: number,
  month: string,
  language: ExportLanguage = DEFAULT_EXPORT_LANGUAGE,
): Promise<ExportedFile> {
  const [s, account, config, logo] = await Promise.all([
    billableStatementFor(caller, scopeAccountId, month),
    getAccount(caller.companyId, scopeAccountId),
    cachedConfiguration(caller.companyId),
    companyLogo(caller.companyId),
  ]);
  const accountName = account?.Name ?? String(scopeAccountId);
  const B = BILLING_LABELS[language];
  const finalizedAt = s.FinalizedAt ? momentIn(s.FinalizedAt, language, config.TimeZone) : '';
  const buffer = writeXlsx(
    billingSheet(s, language, { account: accountName, finalizedAt }),
    {
      sheet: B.sheet(month),
      rightToLeft: directionOf(language) === 'rtl',
      columns: [
        { width: 24 },
        { width: 24 },
        { width: 18 },
        { width: 12 },
        ...Array.from({ length: 6 }, () => ({ width: 15 })),
      ],
    },
    logo,
  );
  const part = fileNamePart(accountName, String(scopeAccountId));
  const fileName = `${B.fileName(part, month)}.xlsx`;
  // The plain filename= is for clients without filename*: ASCII only, the id where the name has none.
  const ascii = `billable-${fileNamePart(part.replace(/[^\x20-\x7e]/g, ''), String(scopeAccountId))}-${month}.xlsx`;
  return {
    FileName: fileName,
    ContentType: XLSX_CONTENT_TYPE,
    ContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    Base64: buffer.toString('base64'),
  };
}
