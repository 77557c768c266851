import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pill } from '../../../components/ui/pill';
import { notificationsQuery } from '../api/notifications-api';

/** The badge shows the count up to 99, then "99+" (the server counts to 100). */
export const BADGE_MAX = 99;

/** The list and its code load on the first click (the bell is on every signed-in screen; the console's JavaScript budget). */
const NotificationList = lazy(() => import('./notification-list'));

/**
 * The bell in the app bar: the unread count on it, read every 60 s and when the window
 * regains focus; a click opens the latest notifications (notification-list.tsx). A failed read shows
 * the bell without a count.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const q = useQuery(notificationsQuery());
  const count = q.data?.UnreadCount ?? 0;

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          void q.refetch();
        }}
        data-testid="notifications-bell"
        aria-label={count ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        sx={{ position: 'relative' }}
      >
        <NotificationsOutlined />
        {count > 0 && (
          <Pill
            overlay
            color="error"
            label={count > BADGE_MAX ? `${BADGE_MAX}+` : count}
            data-testid="notifications-count"
            data-frame-volatile=""
          />
        )}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
