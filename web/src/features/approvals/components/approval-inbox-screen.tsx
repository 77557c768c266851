import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { planEditorPath } from '../api/approvals-api';
import { useApprovalInbox } from '../api/approvals-queries';
import { COLUMN_TITLES, MoneyCells, WhereCells, type Column } from './plan-cells';

const COLUMNS = [
  'account',
  'activity',
  'version',
  'net',
  'total',
  'budget',
  'submittedBy',
  'submittedAt',
  'daysWaiting',
] as const satisfies readonly Column[];

/**
 * "To approve": every Submitted version of the accounts the approver sees, longest
 * waiting first. A row opens the plan editor on its version, where it is approved or rejected.
 */
export function ApprovalInboxScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const navigate = useNavigate();
  const list = useApprovalInbox();
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  return (
    <Paper sx={{ p: 2 }} data-testid="approval-inbox">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('approvals.inbox.intro')}
      </Typography>
      <Box sx={{ height: 4 }}>{list.busy && !list.loading && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'net' || c === 'total' || c === 'daysWaiting' ? 'right' : undefined}>
                  {t(COLUMN_TITLES[c])}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={COLUMNS.length}
              loading={list.loading}
              empty={!list.loading && list.rows.length === 0}
              emptyText={t('approvals.inbox.empty')}
              emptyTestId="inbox-empty"
            />
            {list.rows.map((r) => (
              <TableRow
                key={r.MediaMixId}
                hover
                data-testid="inbox-row"
                data-mix-id={r.MediaMixId}
                sx={{ cursor: 'pointer' }}
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('a')) navigate(planEditorPath(r));
                }}
              >
                <WhereCells row={r} />
                <MoneyCells row={r} locale={locale} />
                <TableCell>{r.SubmittedByName}</TableCell>
                <TableCell>{formatDate(r.SubmittedAt, locale, true)}</TableCell>
                <TableCell align="right" data-testid="days-waiting">
                  {r.DaysWaiting}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasMore && (
        <Button sx={{ mt: 1 }} onClick={list.more} disabled={list.busy} data-testid="more-inbox">
          {t('approvals.more')}
        </Button>
      )}
    </Paper>
  );
}
