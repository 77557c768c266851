import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../api/connectors-api';

/** Where a campaign's actuals go and how that was chosen (explicit or by the naming rule), or why they go nowhere. */
export function MappingKind({ c }: { c: CampaignView }) {
  const { t } = useTranslation();
  // The mapping is saved; its history is moved by a job after it: the figures are under way until then.
  const moving = c.HistoryMoving && (
    <Typography variant="caption" color="info.main" data-testid="history-moving">
      {' '}
      · {t('connectors.historyMoving')}
    </Typography>
  );
  if (c.MappedLineId !== null) {
    return (
      <span data-testid="campaign-mapping">
        <bdi>{c.MappedLineName}</bdi> <bdi dir="ltr">#{c.MappedLineId}</bdi> ·{' '}
        {t(`connectors.mappedBy.${c.MappedBy ?? 'explicit'}`)}
        {c.MappedVersion !== null && (
          <Typography variant="caption" color="text.secondary">
            {' '}
            {t('connectors.version', { version: c.MappedVersion })}
          </Typography>
        )}
        {moving}
      </span>
    );
  }
  if (c.LineRemovedInVersion !== null) {
    return (
      <Typography variant="body2" component="span" color="warning.main" data-testid="campaign-mapping">
        {t('connectors.lineRemoved', { version: c.LineRemovedInVersion })}
        {moving}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" color="text.secondary" data-testid="campaign-mapping">
      {t('connectors.unmapped')}
      {moving}
    </Typography>
  );
}
