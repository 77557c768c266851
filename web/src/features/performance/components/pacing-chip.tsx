import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatPercent } from '../../../lib/format';
import { type PacingView } from '../api/performance-api';

/** A figure in the plan's currency, left to right inside right-to-left text. */
export function Money({ value, currency }: { value: number | null; currency: 1 | 2 }) {
  const { locale } = useLocaleAndDirection();
  return <bdi dir="ltr">{value === null ? '—' : formatCurrency(value, currency, locale)}</bdi>;
}

const STATUS_COLOR = { under: 'warning', on_pace: 'success', over: 'error' } as const;

/** The chip of a table cell: two lines where the column is narrow (the % then the status), so the lines table fits 1440 px with the menu open. */
const WRAPPING_CHIP = { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } } as const;

/** Pacing % and status, in words and colour (never colour alone); `wrap`: may break after the %. */
export function PacingChip({
  pacing,
  size = 'small',
  wrap = false,
}: {
  pacing: PacingView;
  size?: 'small' | 'medium';
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  if (pacing.PacingPct === null || pacing.Status === null) {
    return (
      <Chip
        size={size}
        variant="outlined"
        label={t(`performance.nullReason.${pacing.PacingNullReason ?? 'NOT_STARTED'}`)}
        data-testid="pacing-chip"
        data-status="none"
      />
    );
  }
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[pacing.Status]}
      variant={pacing.Alert ? 'filled' : 'outlined'}
      data-testid="pacing-chip"
      data-status={pacing.Status}
      sx={wrap ? WRAPPING_CHIP : undefined}
      label={
        <>
          <span style={{ whiteSpace: 'nowrap' }}>
            <bdi dir="ltr">{formatPercent(pacing.PacingPct, locale)}</bdi> ·
          </span>{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{t(`performance.status.${pacing.Status}`)}</span>
        </>
      }
    />
  );
}
