import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HistoryButton } from '../../../components/history/history-button';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format';
import type { ActivityView } from '../api/activities-api';
import { nextStatuses, STATUS_COLORS, type ActivityStatusCode } from '../activity-status';
import { formatDay } from './format-day';
import { RowPacingChip, type RowPacing } from './row-pacing';

/** What a row shows and offers, the same for every row of the grid. */
export interface ActivityRowOptions {
  locale: string;
  /** The account currency (1 USD, 2 ILS); unknown while GetMainAccount answers. */
  currency?: number;
  showSubAccount: boolean;
  linkTo: (a: ActivityView) => string;
  canEdit: boolean;
  /** The page's account (x-account-id), for an activity's History. */
  scopeId: number;
  onEdit: (a: ActivityView) => void;
  onArchive: (a: ActivityView) => void;
  onRestore: (a: ActivityView) => void;
  /** The live activities' pacing alerts, when the caller may read them (OperationalReports). */
  pacing?: Map<number, RowPacing>;
}

/** One activity: name (a link unless archived) with its pacing chip, dates, budget, status, actions. */
export function ActivityRow({
  a,
  p,
  onMoves,
}: {
  a: ActivityView;
  p: ActivityRowOptions;
  /** Opens the status menu at the button. */
  onMoves: (anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const money = (n: number) => (p.currency ? formatCurrency(n, p.currency, p.locale) : formatNumber(n, p.locale));
  return (
    <TableRow hover data-testid="activity-row" data-activity-id={a.ID}>
      <TableCell>
        {a.Archived ? (
          a.Name
        ) : (
          <Link component={RouterLink} to={p.linkTo(a)}>
            {a.Name}
          </Link>
        )}
        {p.pacing?.get(a.ID) && (
          <>
            {' '}
            <RowPacingChip pacing={p.pacing.get(a.ID)!} locale={p.locale} />
          </>
        )}
      </TableCell>
      {p.showSubAccount && <TableCell>{a.SubAccountName ?? (a.SubAccountId ? `#${a.SubAccountId}` : '')}</TableCell>}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.StartDate, p.locale)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(a.EndDate, p.locale)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <span dir="ltr">{money(a.Budget)}</span>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(`activityStatus.${a.Status}`)}
          color={STATUS_COLORS[a.Status as ActivityStatusCode] ?? 'default'}
          variant={a.Status === 1 ? 'outlined' : 'filled'}
          data-testid="activity-status"
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(a.updatedAt, p.locale)}</TableCell>
      {p.canEdit && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <ActivityRowActions a={a} p={p} onMoves={onMoves} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** Edit, status moves, archive, History, restore: as the activity's state allows. */
function ActivityRowActions({
  a,
  p,
  onMoves,
}: {
  a: ActivityView;
  p: ActivityRowOptions;
  onMoves: (anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const moves = a.Archived ? [] : nextStatuses(a.Status);
  return (
    <>
      {!a.Archived && (
        <IconButton
          size="small"
          title={t('common.edit')}
          aria-label={`${t('common.edit')} ${a.Name}`}
          onClick={() => p.onEdit(a)}
        >
          <Edit fontSize="small" />
        </IconButton>
      )}
      {moves.length > 0 && (
        <IconButton
          size="small"
          title={t('activities.actions.status')}
          aria-label={`${t('activities.actions.status')} ${a.Name}`}
          aria-haspopup="menu"
          onClick={(e) => onMoves(e.currentTarget)}
        >
          <SwapHoriz fontSize="small" />
        </IconButton>
      )}
      {!a.Archived && (
        <IconButton
          size="small"
          title={t('accounts.actions.archive')}
          aria-label={`${t('accounts.actions.archive')} ${a.Name}`}
          onClick={() => p.onArchive(a)}
        >
          <Archive fontSize="small" />
        </IconButton>
      )}
      <HistoryButton entity="activity" id={a.ID} accountId={p.scopeId} fields="activities.fields" label={a.Name} />
      {a.Archived && (
        <IconButton
          size="small"
          title={t('accounts.actions.restore')}
          aria-label={`${t('accounts.actions.restore')} ${a.Name}`}
          onClick={() => p.onRestore(a)}
        >
          <Restore fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
