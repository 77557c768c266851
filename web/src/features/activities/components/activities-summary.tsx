import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToNumber, toMinor } from '@server/shared/money';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatNumber } from '../../../lib/format';
import type { ActivityView } from '../api/activities-api';
import { activityQueries } from '../api/activities-queries';
import { pacingByActivity } from './row-pacing';

/** Planned budget of the rows shown, summed in minor units (cancelled flights plan nothing, as the server counts). */
function plannedBudget(rows: readonly ActivityView[]): number {
  let minor = 0;
  for (const a of rows) {
    if (a.Status === 5) continue;
    try {
      minor += toMinor(a.Budget);
    } catch {
      /* a budget the money module refuses is not summed */
    }
  }
  return minorToNumber(minor);
}

/** How many activities the filters let through and their planned budget. */
export function ActivitiesSummary({
  loading,
  visible,
  currency,
}: {
  loading: boolean;
  visible: readonly ActivityView[];
  currency: number | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const total = plannedBudget(visible);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="activities-summary">
      {loading
        ? '\u00a0'
        : t('activities.summary', {
            n: formatNumber(visible.length, locale, { decimals: 0 }),
            budget: currency ? formatCurrency(total, currency, locale) : formatNumber(total, locale),
          })}
    </Typography>
  );
}

/** The rows' pacing chips: the live activities' alerts, for callers who may read them (OperationalReports). */
export function usePacing(scopeId: number) {
  const session = useSession();
  const readsAlerts = hasPermission(session?.profile, Permission.OperationalReports);
  const alerts = useQuery({ ...activityQueries.pacingAlerts(scopeId), enabled: readsAlerts });
  return useMemo(() => (alerts.data ? pacingByActivity(alerts.data.Alerts) : undefined), [alerts.data]);
}
