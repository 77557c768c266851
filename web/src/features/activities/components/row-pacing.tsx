import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatPercent } from '../../../lib/format';
import type { PacingAlert } from '../api/activities-api';

/** A live activity's pacing alerts (PerformanceService.GetPacingAlerts): its plan's, and how many of its lines alert. */
export interface RowPacing {
  plan: PacingAlert | null;
  lines: number;
  /** Any of its alerts, for the link to its performance page. */
  any: PacingAlert;
}

/** The activities' pacing alerts by activity id. */
export function pacingByActivity(alerts: readonly PacingAlert[]): Map<number, RowPacing> {
  const out = new Map<number, RowPacing>();
  for (const a of alerts) {
    const row = out.get(a.ActivityId) ?? { plan: null, lines: 0, any: a };
    if (a.LineId === null) row.plan = a;
    else row.lines++;
    out.set(a.ActivityId, row);
  }
  return out;
}

const PACING_COLOR = { under: 'warning', over: 'error' } as const;

/** The pacing chip of a row: the plan's pacing % and alert in words and colour, else how many lines are off pace; a link to its performance page. */
export function RowPacingChip({ pacing, locale }: { pacing: RowPacing; locale: string }) {
  const { t } = useTranslation();
  const a = pacing.any;
  const to = `/accounts/${a.AccountId}/activities/${a.ActivityId}/mediaMix/${a.MediaMixId}/stats`;
  const alert = pacing.plan?.Pacing.Alert;
  const label =
    pacing.plan && alert ? (
      <>
        <bdi dir="ltr">{formatPercent(pacing.plan.Pacing.PacingPct, locale)}</bdi> · {t(`activities.pacing.${alert}`)}
      </>
    ) : (
      t('activities.pacing.lines', { count: pacing.lines })
    );
  return (
    <Chip
      size="small"
      component={RouterLink}
      to={to}
      clickable
      label={label}
      color={alert ? PACING_COLOR[alert] : 'default'}
      variant={alert ? 'filled' : 'outlined'}
      data-testid="activity-pacing"
      data-status={alert ?? 'lines'}
      // Apart from the activity's link before it, also when a long name wraps it onto the next line
      // (WCAG 2.5.8: a small target keeps 24 px around it free of other targets).
      sx={{ my: 0.5 }}
    />
  );
}
