import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { performanceUrl, plannerDashboardQuery } from '../api/dashboard-api';
import { Money, PacingChip } from './dashboard-parts';

/** The planner's home (/dashboard/default): their live activities with pacing, projection and open alerts. */
export function PlannerHomeScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const q = useQuery(plannerDashboardQuery());
  if (q.error) return <LoadError error={q.error} onReload={() => void q.refetch()} />;
  const r = q.data;
  if (!r) return <Loader />;
  return (
    <Box data-testid="planner-home">
      <Typography variant="h6" component="h2" gutterBottom>
        {r.Mine ? t('dashboard.planner.mine') : t('dashboard.planner.all')}
      </Typography>
      {r.Truncated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dashboard.planner.truncated', { shown: r.Activities.length, count: r.LiveActivities })}
        </Alert>
      )}
      {r.Activities.length === 0 ? (
        <Typography color="text.secondary" data-testid="planner-empty">
          {t('dashboard.planner.none')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.top.activity')}</TableCell>
                <TableCell>{t('dashboard.top.account')}</TableCell>
                <TableCell>{t('dashboard.top.pacing')}</TableCell>
                <TableCell align="right">{t('dashboard.planner.actual')}</TableCell>
                <TableCell align="right">{t('dashboard.top.projected')}</TableCell>
                <TableCell align="right">{t('dashboard.top.budget')}</TableCell>
                <TableCell>{t('dashboard.planner.ends')}</TableCell>
                <TableCell align="right">{t('dashboard.planner.alerts')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.Activities.map((a) => (
                <TableRow key={a.ActivityId} data-testid="planner-activity">
                  <TableCell>
                    <Link component={RouterLink} to={performanceUrl(a)}>
                      {a.ActivityName}
                    </Link>
                  </TableCell>
                  <TableCell>{a.AccountName}</TableCell>
                  <TableCell>
                    <PacingChip a={a} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={a.ActualToDate} code={a.CurrencyCode} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={a.ProjectedEndSpend} code={a.CurrencyCode} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={a.PlannedBudget} code={a.CurrencyCode} />
                  </TableCell>
                  <TableCell>{a.EndDate ? formatDate(a.EndDate, locale) : ''}</TableCell>
                  <TableCell align="right" data-testid="open-alerts">
                    {a.OpenAlerts ? t('dashboard.planner.alertCount', { count: a.OpenAlerts }) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
