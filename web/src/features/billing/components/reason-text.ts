import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, formatDayRanges } from '../../../lib/format';
import type { BillableNotFinalReason } from '../api/billing-api';

/** One not-final reason in the user's words. */
export function useReasonText() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (r: BillableNotFinalReason): string => {
    switch (r.Code) {
      case 'PROVISIONAL':
        return t('billing.reasons.PROVISIONAL', {
          lastDay: formatDate(r.LastDay, locale),
          finalFrom: formatDate(r.FinalFrom, locale),
        });
      case 'CONNECTOR_NOT_OK':
        return t('billing.reasons.CONNECTOR_NOT_OK', {
          connector: r.Connector,
          status: t(`billing.connectorStatus.${r.Status}`, { defaultValue: r.Status }),
        });
      case 'SYNC_BEHIND':
        return r.LastSyncedTo
          ? t('billing.reasons.SYNC_BEHIND', {
              connector: r.Connector,
              lastSyncedTo: formatDate(r.LastSyncedTo, locale),
              needed: formatDate(r.Needed, locale),
            })
          : t('billing.reasons.NEVER_SYNCED', { connector: r.Connector, needed: formatDate(r.Needed, locale) });
      case 'MISSING_DAYS':
        return t(r.BeyondRetention ? 'billing.reasons.MISSING_DAYS_RETENTION' : 'billing.reasons.MISSING_DAYS', {
          connector: r.Connector,
          account: r.ExternalAccountId,
          days: formatDayRanges(r.Days, locale),
          count: r.Days.length,
        });
    }
  };
}
