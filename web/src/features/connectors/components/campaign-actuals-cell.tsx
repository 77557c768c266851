import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { LineActualsTotal } from '../api/connectors-api';

/** The campaign's own actuals to date (its stored stats, per currency), as the list gives them. */
export function CampaignActualsCell({ totals }: { totals: LineActualsTotal[] | undefined }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  if (!totals) return null;
  if (!totals.length)
    return (
      <Typography variant="body2" component="span" color="text.secondary" data-testid="campaign-actuals">
        {t('connectors.actuals.none')}
      </Typography>
    );
  return (
    <Stack data-testid="campaign-actuals" spacing={0.25}>
      {totals.map((x) => (
        <span
          key={x.Currency}
          data-testid="campaign-actuals-total"
          data-currency={x.Currency}
          title={t('connectors.actuals.detail', {
            days: x.Days,
            first: formatDate(x.FirstDay, locale),
            last: formatDate(x.LastDay, locale),
            clicks: numberFormat(locale, {}).format(x.Clicks),
          })}
        >
          <bdi dir="ltr" data-testid="campaign-actuals-spend">
            {numberFormat(locale, {
              style: 'currency',
              currency: x.Currency,
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }).format(x.Spend)}
          </bdi>
          {' · '}
          {t('connectors.actuals.impressions', { formatted: numberFormat(locale, {}).format(x.Impressions) })}
        </span>
      ))}
    </Stack>
  );
}
