import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format';
import { ExportButtons } from './report-grid';
import type { ReportColumn } from '@server/shared/report-columns';
import type { ReportReply, ShownRow } from './report-table';

/** Above the grid: the period shown (and the one compared), the currency, the lines read; export, Schedule, and the schedules' link. */
export function ReportToolbar({
  data,
  columns,
  rows,
  locale,
  onSchedule,
}: {
  data: ReportReply;
  columns: readonly ReportColumn[];
  rows: readonly ShownRow[];
  locale: string;
  onSchedule: () => void;
}) {
  const { t } = useTranslation();
  const mayMargin = isAllowed(useSession()?.profile, REQUIRES.managementStaff);
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 2, mb: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Box>
        <Typography variant="subtitle1" component="h2" data-testid="report-period-shown">
          {t('reports.period', { from: formatDate(data.From, locale), to: formatDate(data.To, locale) })}
        </Typography>
        {data.PreviousFrom && data.PreviousTo && (
          <Typography variant="body2" color="text.secondary">
            {t('reports.previousPeriod', {
              from: formatDate(data.PreviousFrom, locale),
              to: formatDate(data.PreviousTo, locale),
            })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="report-currency">
          {t('reports.currency', { currency: data.Currency })}
        </Typography>
        {data.LinesRead !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('reports.linesNote', { count: data.LinesRead })}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ExportButtons columns={columns} rows={rows} report={data} />
        <Button variant="outlined" size="small" onClick={onSchedule} data-testid="report-schedule-button">
          {t('reports.schedule.button')}
        </Button>
        <Link component={RouterLink} to="/performance/schedules" variant="body2" data-testid="report-schedules-link">
          {t('reports.schedule.listLink')}
        </Link>
        {mayMargin && (
          <Link component={RouterLink} to="/performance/margin" variant="body2" data-testid="report-margin-link">
            {t('reports.margin.link')}
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
