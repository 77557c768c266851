import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatPercent } from '../../../lib/format';
import { currencyOf, type DashboardActivity } from '../api/dashboard-api';

/** A figure in a currency (code), left to right inside right-to-left text. */
export function Money({ value, code }: { value: number; code: string }) {
  const { locale } = useLocaleAndDirection();
  return <bdi dir="ltr">{formatCurrency(value, currencyOf(code), locale)}</bdi>;
}

const STATUS_COLOR = { under: 'warning', on_pace: 'success', over: 'error' } as const;

/** Pacing % and status in words and colour (never colour alone). */
export function PacingChip({ a }: { a: Pick<DashboardActivity, 'PacingPct' | 'Status' | 'Alert'> }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  if (a.PacingPct === null || a.Status === null)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('dashboard.status.none')}
        data-testid="pacing-chip"
        data-status="none"
      />
    );
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[a.Status]}
      variant={a.Alert ? 'filled' : 'outlined'}
      data-testid="pacing-chip"
      data-status={a.Status}
      label={
        <>
          <bdi dir="ltr">{formatPercent(a.PacingPct, locale)}</bdi> · {t(`dashboard.status.${a.Status}`)}
        </>
      }
    />
  );
}

/** A KPI tile; the whole tile links to the screen that explains its figure. */
export function Tile({
  id,
  title,
  to,
  linkLabel,
  children,
  hint,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: '1 1 200px', minWidth: 200, display: 'flex', flexDirection: 'column' }}
      data-testid="dashboard-tile"
      data-tile={id}
    >
      <Typography variant="body2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h5" component="div" sx={{ my: 0.5 }} data-testid="dashboard-tile-value">
        {children}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
      <Link component={RouterLink} to={to} variant="body2" sx={{ mt: 'auto', pt: 1 }} data-testid="dashboard-tile-link">
        {linkLabel}
      </Link>
    </Paper>
  );
}
