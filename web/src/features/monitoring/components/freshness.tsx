import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { freshnessLevel, type FreshnessLevel } from '@server/shared/monitoring';

const COLOUR: Record<FreshnessLevel, string> = {
  fresh: 'success.main',
  stale: 'warning.main',
  old: 'error.main',
  never: 'text.disabled',
};

/**
 * Freshness in hours with its level in words and in colour (never colour only): "3 h · Fresh",
 * "Never synced". The level is the API's rule (shared/monitoring.ts).
 */
export function Freshness({ hours }: { hours: number | null }) {
  const { t } = useTranslation();
  const level = freshnessLevel(hours);
  return (
    <Box
      component="span"
      data-testid="freshness"
      data-level={level}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLOUR[level], flexShrink: 0 }}
      />
      <span>
        {hours === null
          ? t('monitoring.freshness.never')
          : t('monitoring.freshness.hours', { hours, level: t(`monitoring.freshness.${level}`) })}
      </span>
    </Box>
  );
}
