import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { VersionStatus } from '@server/shared/version-status';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { MyPlanItem } from '../api/approvals-api';
import { useMyPlans } from '../api/approvals-queries';
import { COLUMN_TITLES, MoneyCells, WhereCells, type Column } from './plan-cells';
import { ProgressBar } from '../../../components/ui/progress-bar';

const COLUMNS = [
  'account',
  'activity',
  'version',
  'net',
  'total',
  'budget',
  'status',
  'lastChange',
  'note',
] as const satisfies readonly Column[];

const STATUS_TITLE: Record<VersionStatus, string> = {
  [VersionStatus.Draft]: 'approvals.status.1',
  [VersionStatus.Submitted]: 'approvals.status.2',
  [VersionStatus.Approved]: 'approvals.status.3',
  [VersionStatus.Rejected]: 'approvals.status.4',
};

const STATUS_COLOR: Record<VersionStatus, 'default' | 'info' | 'success' | 'error'> = {
  [VersionStatus.Draft]: 'default',
  [VersionStatus.Submitted]: 'info',
  [VersionStatus.Approved]: 'success',
  [VersionStatus.Rejected]: 'error',
};

/** Where the version stands, in words: the approver's reason, the client's comment or sign-off, the approval, the wait. */
function noteOf(r: MyPlanItem, t: TFunction, locale: string): string {
  const at = (iso: string | null) => formatDate(iso, locale, true);
  if (r.Status === VersionStatus.Rejected)
    return t('approvals.note.rejected', { by: r.RejectedByName ?? '', reason: r.RejectReason ?? '' });
  if (r.Status === VersionStatus.Submitted) return t('approvals.note.submitted', { at: at(r.SubmittedAt) });
  if (r.Status === VersionStatus.Approved) {
    if (r.ClientApprovedAt)
      return t('approvals.note.signedOff', { by: r.ClientApprovedByName ?? '', at: at(r.ClientApprovedAt) });
    if (r.ClientDeclinedAt)
      return t('approvals.note.declined', { by: r.ClientDeclinedByName ?? '', comment: r.ClientDeclinedComment ?? '' });
    return t('approvals.note.approved', { by: r.ApprovedByName ?? '', at: at(r.ApprovedAt) });
  }
  return '';
}

/**
 * "My plans": the versions the planner created or submitted — waiting for approval
 * first, then drafts, approved (signed off or declined by the client, with the comment) and
 * rejected (with the reason), latest change first. A row's version opens the plan editor on it.
 */
export function MyPlansScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const list = useMyPlans();
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  return (
    <Paper sx={{ p: 2 }} data-testid="my-plans">
      <Box sx={{ height: 4 }}>{list.busy && !list.loading && <ProgressBar label={t('common.loading')} />}</Box>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'net' || c === 'total' ? 'right' : undefined}>
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
              emptyText={t('approvals.myPlans.empty')}
              emptyTestId="my-plans-empty"
            />
            {list.rows.map((r) => {
              const declined = r.Status === VersionStatus.Approved && !!r.ClientDeclinedAt && !r.ClientApprovedAt;
              return (
                <TableRow
                  key={r.MediaMixId}
                  data-testid="my-plan-row"
                  data-mix-id={r.MediaMixId}
                  data-status={r.Status}
                >
                  <WhereCells row={r} />
                  <MoneyCells row={r} locale={locale} />
                  <TableCell>
                    <Chip
                      size="small"
                      color={declined ? 'warning' : STATUS_COLOR[r.Status]}
                      data-testid="plan-status"
                      label={declined ? t('approvals.status.declined') : t(STATUS_TITLE[r.Status])}
                    />
                  </TableCell>
                  <TableCell>{formatDate(r.LastChangeAt, locale, true)}</TableCell>
                  <TableCell>
                    <Typography variant="body2" data-testid="plan-note" sx={{ whiteSpace: 'pre-line', maxWidth: 360 }}>
                      {noteOf(r, t, locale)}
                    </Typography>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasMore && (
        <Button sx={{ mt: 1 }} onClick={list.more} disabled={list.busy} data-testid="more-plans">
          {t('approvals.more')}
        </Button>
      )}
    </Paper>
  );
}
