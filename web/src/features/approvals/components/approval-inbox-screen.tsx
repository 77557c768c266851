import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useNarrow } from '../../../lib/display/phone';
import { touchTarget } from '../../../lib/display/touch';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { planEditorPath, type ApprovalInboxItem } from '../api/approvals-api';
import { useApprovalInbox } from '../api/approvals-queries';
import { InboxCards } from './inbox-cards';
import { COLUMN_TITLES, MoneyCells, WhereCells, type Column } from './plan-cells';
import { ProgressBar } from '../../../components/ui/progress-bar';

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
 * Below md the rows are cards (inbox-cards.tsx): nine columns do not fit a phone.
 */
export function ApprovalInboxScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const list = useApprovalInbox();
  const narrow = useNarrow();
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  return (
    <Paper sx={{ p: 2 }} data-testid="approval-inbox">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('approvals.inbox.intro')}
      </Typography>
      <Box sx={{ height: 4 }}>{list.busy && !list.loading && <ProgressBar label={t('common.loading')} />}</Box>
      {narrow ? (
        <InboxCards rows={list.rows} loading={list.loading} locale={locale} />
      ) : (
        <InboxTable rows={list.rows} loading={list.loading} locale={locale} />
      )}
      {list.hasMore && (
        <Button sx={{ mt: 1, ...touchTarget }} onClick={list.more} disabled={list.busy} data-testid="more-inbox">
          {t('approvals.more')}
        </Button>
      )}
    </Paper>
  );
}

/** The inbox as a table: a row opens the plan editor on its version (a click anywhere but its link). */
function InboxTable({ rows, loading, locale }: { rows: ApprovalInboxItem[]; loading: boolean; locale: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
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
            loading={loading}
            empty={!loading && rows.length === 0}
            emptyText={t('approvals.inbox.empty')}
            emptyTestId="inbox-empty"
          />
          {rows.map((r) => (
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
  );
}
