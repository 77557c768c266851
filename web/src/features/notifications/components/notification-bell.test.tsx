/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { phoneViewport } from '../../../testing/match-media';
import { stripIsolates } from '../../../testing/bidi';
import type { NotificationView } from '../api/notifications-api';
import { NotificationBell } from './notification-bell';

const note = (o: Partial<NotificationView> = {}): NotificationView => ({
  Id: '1772355600000-0000000041-0000000004',
  Kind: 'submitted',
  AccountId: 3,
  AccountName: 'Hadar Insurance',
  ActivityId: 7,
  ActivityName: 'Spring launch',
  MediaMixId: 41,
  Version: 2,
  ActorName: 'Paz Planner',
  Reason: null,
  CreatedAt: '2026-03-01T09:00:00.000Z',
  Read: false,
  ...o,
});

describe('<NotificationBell>', () => {
  setUpScreenTests({ quiet: true });

  it('shows the unread count, lists who did what, and opening one marks it read and goes to the plan editor of that version', async () => {
    signInAs(PROFILES.approver);
    let unread = 2;
    const items = [
      note(),
      note({
        Id: '1772355500000-0000000039-0000000007',
        Kind: 'rejected',
        MediaMixId: 39,
        Version: 1,
        ActorName: 'Avi Approver',
        Reason: 'Move budget to video',
      }),
      note({ Id: '1772355400000-0000000038-0000000009', Kind: 'approved', MediaMixId: 38, Read: true }),
    ];
    const api = mockApi({
      'NotificationsService/GetNotifications': () => ok({ Items: items, NextToken: null, UnreadCount: unread }),
      'NotificationsService/MarkNotificationsRead': (b) => {
        unread -= (b.ids as string[]).length;
        return ok({ Marked: 1, UnreadCount: unread });
      },
    });
    const { router } = renderWithProviders(<NotificationBell />, '/accounts/list');
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('2'));
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications: 2 unread');
    // Refetched every minute and on focus; the first read asks for the latest page.
    expect(callsTo(api, 'GetNotifications')[0].body).toEqual({ pageSize: 20 });

    fireEvent.click(screen.getByTestId('notifications-bell'));
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(rows[0].textContent).toContain(
      'Paz Planner submitted version 2 of Spring launch (Hadar Insurance) for approval',
    );
    expect(within(rows[1]).getByTestId('notification-reason').textContent).toBe('Reason: Move budget to video');

    fireEvent.click(rows[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/3/activities/7/mediaMix/list'));
    expect(router.state.location.search).toBe('?version=41');
    await waitFor(() =>
      expect(callsTo(api, 'MarkNotificationsRead').map((c) => c.body)).toEqual([{ ids: [items[0].Id] }]),
    );
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
  });

  it('marks all read, and a read notification is not marked again when opened', async () => {
    signInAs(PROFILES.planner);
    let unread = 3;
    const api = mockApi({
      'NotificationsService/GetNotifications': () =>
        ok({ Items: [note({ Kind: 'approved', Read: unread === 0 })], NextToken: null, UnreadCount: unread }),
      'NotificationsService/MarkNotificationsRead': () => {
        unread = 0;
        return ok({ Marked: 3, UnreadCount: 0 });
      },
    });
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('3'));
    fireEvent.click(screen.getByTestId('notifications-bell'));
    fireEvent.click(await screen.findByTestId('notifications-mark-all'));
    await waitFor(() => expect(callsTo(api, 'MarkNotificationsRead').map((c) => c.body)).toEqual([{ all: true }]));
    await waitFor(() => expect(screen.getByTestId('notification').getAttribute('data-read')).toBe('true'));
    expect((screen.getByTestId('notifications-mark-all') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('notification'));
    expect(callsTo(api, 'MarkNotificationsRead')).toHaveLength(1);
  });

  it("shows 99+ at the server's cap, and says so when the list is empty", async () => {
    signInAs(PROFILES.admin);
    mockApi({ 'NotificationsService/GetNotifications': () => ok({ Items: [], NextToken: null, UnreadCount: 100 }) });
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('99+'));
    fireEvent.click(screen.getByTestId('notifications-bell'));
    expect((await screen.findByTestId('notifications-empty')).textContent).toMatch(/No notifications yet/);
  });

  it('a failed read shows the bell without a count and says so in the list', async () => {
    signInAs(PROFILES.admin);
    mockApi({ 'NotificationsService/GetNotifications': () => fail(500, 'boom', 'INTERNAL') });
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByTestId('notifications-bell'));
    await screen.findByTestId('notifications-error');
    expect(screen.queryByTestId('notifications-count')).toBeNull();
  });

  it('speaks Hebrew, with the decline comment', async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'NotificationsService/GetNotifications': () =>
        ok({
          Items: [note({ Kind: 'declined', ActorName: 'כרמל לקוחה', Reason: 'התקציב גבוה מדי' })],
          NextToken: null,
          UnreadCount: 1,
        }),
    });
    await inHebrew(async () => {
      renderWithProviders(<NotificationBell />);
      fireEvent.click(await screen.findByTestId('notifications-bell'));
      const row = await screen.findByTestId('notification');
      expect(stripIsolates(row.textContent)).toContain(
        'כרמל לקוחה דחה/תה בשם הלקוח את גרסה 2 של Spring launch (Hadar Insurance)',
      );
      expect(stripIsolates(within(row).getByTestId('notification-reason').textContent)).toBe('הערה: התקציב גבוה מדי');
      expect(screen.getByTestId('notifications-mark-all').textContent).toBe('סימון הכול כנקרא');
    });
  });

  it('on a phone the list is a full-screen page with a close button; tapping one opens the version', async () => {
    const restore = phoneViewport(390);
    try {
      signInAs(PROFILES.approver);
      mockApi({
        'NotificationsService/GetNotifications': () => ok({ Items: [note()], NextToken: null, UnreadCount: 1 }),
        'NotificationsService/MarkNotificationsRead': () => ok({ Marked: 1, UnreadCount: 0 }),
      });
      const { router } = renderWithProviders(<NotificationBell />, '/accounts/list');
      fireEvent.click(await screen.findByTestId('notifications-bell'));
      const page = await screen.findByRole('dialog', { name: 'Notifications' });
      expect(page.className).toContain('MuiDialog-paperFullScreen');
      fireEvent.click(within(page).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      fireEvent.click(screen.getByTestId('notifications-bell'));
      fireEvent.click(await screen.findByTestId('notification'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/3/activities/7/mediaMix/list'));
      expect(router.state.location.search).toBe('?version=41');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      restore();
    }
  });
});
