import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useApiMutation } from '../../../lib/api-mutation';
import { usePhone } from '../../../lib/display/phone';
import { touchTarget } from '../../../lib/display/touch';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import {
  markAllRead,
  markRead,
  notificationsQuery,
  planPathOf,
  type NotificationKind,
  type NotificationView,
} from '../api/notifications-api';

const READS = [['NotificationsService', 'GetNotifications']] as const;

/** The sentence of each kind (the same words as the mails, lambdas/shared/notification-mail-text.ts). */
const KIND_TEXT: Readonly<Record<NotificationKind, string>> = {
  submitted: 'notifications.kinds.submitted',
  approved: 'notifications.kinds.approved',
  rejected: 'notifications.kinds.rejected',
  signedOff: 'notifications.kinds.signedOff',
  declined: 'notifications.kinds.declined',
  orderAccepted: 'notifications.kinds.orderAccepted',
  orderRejected: 'notifications.kinds.orderRejected',
  pacingUnder: 'notifications.kinds.pacingUnder',
  pacingOver: 'notifications.kinds.pacingOver',
};

/** The pacing digest's kinds carry the pacing % in Reason (said in the sentence, not as a reason line). */
const isPacing = (kind: NotificationKind) => kind === 'pacingUnder' || kind === 'pacingOver';

/**
 * The bell's list, loaded on the bell's first click rather than with every screen: who
 * did what to which plan, when, with the reason of a rejection or a decline. Opening one marks it
 * read and goes to the plan editor of that version; "Mark all read" clears the count. A popover
 * under the bell; on a phone a full-screen page of its own, with a close button.
 */
export default function NotificationList({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const q = useQuery(notificationsQuery());
  const read = useApiMutation(markRead, READS);
  const readAll = useApiMutation(markAllRead, READS);
  const count = q.data?.UnreadCount ?? 0;
  const items = q.data?.Items ?? [];

  const open = (n: NotificationView) => {
    if (!n.Read) read.mutate([n.Id]);
    onClose();
    navigate(planPathOf(n));
  };

  const body = (
    <>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id="notifications-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        <Button
          size="small"
          disabled={!count || readAll.isPending}
          onClick={() => readAll.mutate(undefined)}
          data-testid="notifications-mark-all"
          sx={touchTarget}
        >
          {t('notifications.markAllRead')}
        </Button>
        {phone && (
          <IconButton
            edge="end"
            onClick={onClose}
            aria-label={t('notifications.close')}
            data-testid="notifications-close"
            sx={touchTarget}
          >
            <Close />
          </IconButton>
        )}
      </Box>
      {q.isError && !q.data ? (
        <Typography sx={{ p: 2 }} color="error" data-testid="notifications-error">
          {t('notifications.loadError')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary" data-testid="notifications-empty">
          {q.isPending ? t('notifications.loading') : t('notifications.empty')}
        </Typography>
      ) : (
        // Buttons, not list items: a div, as a ul may hold li only.
        <List component="div" dense disablePadding data-testid="notifications-list">
          {items.map((n) => (
            <NotificationItem key={n.Id} n={n} onOpen={() => open(n)} />
          ))}
        </List>
      )}
    </>
  );
  return phone ? (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="notifications-title" data-testid="notifications-page">
      {body}
    </Dialog>
  ) : (
    <ListPopover anchor={anchor} onClose={onClose} label={t('notifications.title')}>
      {body}
    </ListPopover>
  );
}

/** Under the bell, at its end. */
function ListPopover(p: { anchor: HTMLElement; onClose: () => void; label: string; children: ReactNode }) {
  return (
    <Popover
      open
      anchorEl={p.anchor}
      onClose={p.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          sx: { width: 380, maxWidth: 'calc(100vw - 24px)', maxHeight: 480 },
          role: 'dialog',
          'aria-label': p.label,
        } as object,
      }}
    >
      {p.children}
    </Popover>
  );
}

/** A notification: its sentence (bold while unread), the reason of a rejection or a decline, and when. */
function NotificationItem({ n, onOpen }: { n: NotificationView; onOpen: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const sentence = t(KIND_TEXT[n.Kind], {
    actor: n.ActorName,
    version: n.Version,
    activity: n.ActivityName,
    account: n.AccountName,
    pct: n.Reason ?? '',
  });
  return (
    <ListItemButton
      onClick={onOpen}
      data-testid="notification"
      data-notification-id={n.Id}
      data-read={n.Read}
      sx={{
        alignItems: 'flex-start',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: n.Read ? undefined : 'action.hover',
        ...touchTarget,
      }}
    >
      <ListItemText
        primary={sentence}
        slotProps={{ primary: { sx: { fontWeight: n.Read ? 400 : 600 } } }}
        secondary={
          <>
            {n.Reason && !isPacing(n.Kind) && (
              <Box component="span" sx={{ display: 'block' }} data-testid="notification-reason">
                {t(n.Kind === 'declined' ? 'notifications.comment' : 'notifications.reason', {
                  reason: n.Reason,
                })}
              </Box>
            )}
            <Box component="span" sx={{ display: 'block' }}>
              {formatDate(n.CreatedAt, locale, true)}
            </Box>
          </>
        }
      />
    </ListItemButton>
  );
}
