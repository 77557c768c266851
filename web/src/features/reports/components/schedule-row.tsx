import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Pill } from '../../../components/ui/pill';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { ReportScheduleView } from '../api/schedules-api';
import { frequencyText, instantText, OUTSIDE_STATE_KEYS, PERIOD_KEYS, SEND_STATUS_KEYS } from './schedule-form';
import { SendLog } from './schedule-send-log';

/** A schedule's row (name, when, period, recipients, next run, last send, actions), and its send log below when open. */
export function ScheduleRow({
  s,
  timeZone,
  open,
  onToggleLog,
  onEdit,
  onDelete,
}: {
  s: ReportScheduleView;
  timeZone: string;
  open: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <Fragment>
      <TableRow data-testid="report-schedule-row" data-id={s.Id} data-name={s.Name}>
        <TableCell component="th" scope="row" data-column="name">
          {s.Name}
          {!s.Active && (
            <Box component="span" sx={{ ms: 1 }}>
              <Pill label={t('reports.schedules.paused')} data-testid="schedule-paused" />
            </Box>
          )}
        </TableCell>
        <TableCell data-column="when">{frequencyText(s, t, locale)}</TableCell>
        <TableCell data-column="period">{t(PERIOD_KEYS[s.Period])}</TableCell>
        <ScheduleRecipientsCell s={s} />
        <TableCell data-column="nextRun" sx={{ whiteSpace: 'nowrap' }}>
          <bdi>{instantText(s.NextRunAt, timeZone, locale)}</bdi>
        </TableCell>
        <TableCell data-column="lastSend" data-status={s.LastSend?.Status ?? 'none'}>
          {s.LastSend ? (
            <>
              <Pill
                label={t(SEND_STATUS_KEYS[s.LastSend.Status])}
                color={s.LastSend.Status === 'failed' ? 'error' : 'primary'}
              />{' '}
              <bdi>{instantText(s.LastSend.At, timeZone, locale)}</bdi>
            </>
          ) : (
            t('reports.schedules.neverSent')
          )}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <ScheduleActions open={open} onToggleLog={onToggleLog} onEdit={onEdit} onDelete={onDelete} />
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
            <SendLog scheduleId={s.Id} timeZone={timeZone} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/** How many receive it, and each outside recipient with its state (pending in the warning colour). */
function ScheduleRecipientsCell({ s }: { s: ReportScheduleView }) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" title={s.Recipients.join(', ')} data-column="recipients">
      {s.Recipients.length}
      {s.OutsideRecipients.map((o) => (
        <Box
          key={o.Address}
          data-testid="schedule-outside-recipient"
          data-state={o.State}
          sx={{
            fontSize: 'caption.fontSize',
            color: o.State === 'pending' ? 'warning.main' : 'text.secondary',
          }}
        >
          {t('reports.schedules.outsideState', {
            address: o.Address,
            state: t(OUTSIDE_STATE_KEYS[o.State]),
          })}
        </Box>
      ))}
    </TableCell>
  );
}

/** The row's actions: show the send log, edit, delete. */
function ScheduleActions({
  open,
  onToggleLog,
  onEdit,
  onDelete,
}: {
  open: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        size="small"
        title={t('reports.schedules.showLog')}
        aria-label={t('reports.schedules.showLog')}
        aria-expanded={open}
        onClick={onToggleLog}
        data-testid="schedule-log-toggle"
      >
        <History fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('reports.schedules.edit')}
        aria-label={t('reports.schedules.edit')}
        onClick={onEdit}
        data-testid="schedule-edit"
      >
        <Edit fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('reports.schedules.delete')}
        aria-label={t('reports.schedules.delete')}
        onClick={onDelete}
        data-testid="schedule-delete"
      >
        <Delete fontSize="small" />
      </IconButton>
    </>
  );
}
