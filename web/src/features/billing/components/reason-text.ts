import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, intlLocale } from '../../../lib/format';
import type { BillableNotFinalReason } from '../api/billing-api';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Consecutive calendar days as runs ("Sep 1 – 2, 2026; Sep 9, 2026"), in the locale's words. */
export function dayRanges(days: readonly string[], locale: string): string {
  const runs: [string, string][] = [];
  for (const d of [...days].sort()) {
    const last = runs[runs.length - 1];
    if (last && nextDay(last[1]) === d) last[1] = d;
    else runs.push([d, d]);
  }
  const f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
  return runs.map(([a, b]) => (a === b ? formatDate(a, locale) : f.formatRange(new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`)))).join('; ');
}

/** One not-final reason in the user's words. */
export function useReasonText() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (r: BillableNotFinalReason): string => {
    switch (r.Code) {
      case 'PROVISIONAL': return t('billing.reasons.PROVISIONAL', { lastDay: formatDate(r.LastDay, locale), finalFrom: formatDate(r.FinalFrom, locale) });
      case 'CONNECTOR_NOT_OK': return t('billing.reasons.CONNECTOR_NOT_OK', { connector: r.Connector, status: t(`billing.connectorStatus.${r.Status}`, { defaultValue: r.Status }) });
      case 'SYNC_BEHIND': return r.LastSyncedTo
        ? t('billing.reasons.SYNC_BEHIND', { connector: r.Connector, lastSyncedTo: formatDate(r.LastSyncedTo, locale), needed: formatDate(r.Needed, locale) })
        : t('billing.reasons.NEVER_SYNCED', { connector: r.Connector, needed: formatDate(r.Needed, locale) });
      case 'MISSING_DAYS': return t(r.BeyondRetention ? 'billing.reasons.MISSING_DAYS_RETENTION' : 'billing.reasons.MISSING_DAYS', {
        connector: r.Connector, account: r.ExternalAccountId, days: dayRanges(r.Days, locale), count: r.Days.length,
      });
    }
  };
}
