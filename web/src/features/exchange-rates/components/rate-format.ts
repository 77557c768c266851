import { formatDate, numberFormat } from '../../../lib/format';

/** A rate with up to its 6 decimals, as the locale writes numbers. */
export const formatRate = (n: number, locale: string) => numberFormat(locale, { maximumFractionDigits: 6 }).format(n);

/** A calendar day (YYYY-MM-DD) built as a local date, so it is the same day everywhere. */
export const formatDay = (ymd: string, locale: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return y && m && d ? formatDate(new Date(y, m - 1, d), locale) : ymd;
};
