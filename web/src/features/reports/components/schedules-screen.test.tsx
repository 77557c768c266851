/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stripIsolates } from '../../../testing/bidi';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ReportScheduleView, ScheduleSendView } from '../api/schedules-api';
import { SchedulesScreen } from './schedules-screen';

setUpScreenTests({ quiet: true });

const schedule = (over: Partial<ReportScheduleView>): ReportScheduleView => ({
  Id: 1,
  Version: 2,
  Name: 'Monthly by activity',
  Filters: { groupBy: 'activity', accountId: 7 },
  Period: 'lastMonth',
  Frequency: 'monthly',
  Weekday: null,
  DelayHours: 6,
  Recipients: ['planner@demo.mixdesk.test', 'client@hadar.example'],
  Language: 'he',
  Active: true,
  // 1 Dec 2026 06:00 in Jerusalem (UTC+2).
  NextRunAt: '2026-12-01T04:00:00.000Z',
  LastSend: { At: '2026-11-01T04:01:00.000Z', Status: 'sent' },
  CreatedBy: 'analyst@demo.mixdesk.test',
  UpdatedAt: '2026-10-20T08:00:00Z',
  OutsideRecipients: [{ Address: 'client@hadar.example', State: 'confirmed' }],
  ...over,
});
const LIST = [
  schedule({}),
  schedule({
    Id: 2,
    Version: 1,
    Name: 'Weekly pacing',
    OutsideRecipients: [{ Address: 'client@hadar.example', State: 'pending' }],
    Period: 'lastWeek',
    Frequency: 'weekly',
    Weekday: 1,
    DelayHours: 0,
    LastSend: { At: '2026-11-23T22:00:00Z', Status: 'failed' },
    Active: false,
  }),
];
const LOG: ScheduleSendView[] = [
  {
    At: '2026-11-01T04:03:00Z',
    Status: 'sent',
    Reason: null,
    Recipients: 2,
    PeriodFrom: '2026-10-01',
    PeriodTo: '2026-10-31',
    MessageIds: ['m2'],
    Attempt: 2,
  },
  {
    At: '2026-11-01T04:01:00Z',
    Status: 'retried',
    Reason: 'SES throttled',
    Recipients: 2,
    PeriodFrom: '2026-10-01',
    PeriodTo: '2026-10-31',
    MessageIds: [],
    Attempt: 1,
  },
];

const api = () =>
  mockApi({
    'ReportsService/GetReportSchedulesList': () => ok({ Items: LIST }),
    'ReportsService/GetReportScheduleLog': () => ok({ Items: LOG }),
    'ReportsService/SaveReportSchedule': (b) => ok({ ...LIST[0], ...(b.schedule as object), Version: 3 }),
    'ReportsService/DeleteReportSchedule': (b) => ok({ Id: b.scheduleId }),
    'ConfigurationsService/GetConfigurations': () => ok({ TimeZone: 'Asia/Jerusalem' }),
  });
const text = (el: Element | null | undefined) => stripIsolates(el?.textContent ?? '').replace(/\u202f/g, ' ');
const cell = (row: Element, column: string) => text(row.querySelector(`[data-column="${column}"]`));

describe('<SchedulesScreen>', () => {
  beforeEach(() => signInAs(PROFILES.analyst));

  it("lists each schedule: when in words, the period, the next run in the company's time zone and the last send", async () => {
    api();
    renderWithProviders(<SchedulesScreen />, '/performance/schedules');
    const rows = await screen.findAllByTestId('report-schedule-row');
    expect(rows).toHaveLength(2);
    expect(cell(rows[0], 'name')).toBe('Monthly by activity');
    expect(cell(rows[0], 'when')).toBe('Monthly, on the 1st, 6 h after midnight');
    expect(cell(rows[0], 'period')).toBe('Last month');
    await waitFor(() => expect(cell(rows[0], 'nextRun')).toBe('Dec 1, 2026, 6:00 AM'));
    expect(rows[0].querySelector('[data-column="lastSend"]')?.getAttribute('data-status')).toBe('sent');
    expect(cell(rows[0], 'lastSend')).toBe('Sent Nov 1, 2026, 6:01 AM');
    expect(cell(rows[1], 'when')).toBe('Weekly, on Monday');
    expect(cell(rows[1], 'name')).toBe('Weekly pacingPaused');
    expect(cell(rows[1], 'lastSend')).toMatch(/^Failed/);
    // Each outside recipient's state.
    const outside = (row: Element) =>
      Array.from(row.querySelectorAll('[data-testid="schedule-outside-recipient"]')).map((e) => [
        e.getAttribute('data-state'),
        text(e),
      ]);
    expect(outside(rows[0])).toEqual([['confirmed', 'client@hadar.example: confirmed']]);
    expect(outside(rows[1])).toEqual([['pending', 'client@hadar.example: awaiting confirmation']]);
  });

  it("shows a schedule's send log: status, reason, recipients, period and attempt", async () => {
    const calls = api();
    renderWithProviders(<SchedulesScreen />, '/performance/schedules');
    const rows = await screen.findAllByTestId('report-schedule-row');
    fireEvent.click(within(rows[0]).getByTestId('schedule-log-toggle'));
    const sends = await screen.findAllByTestId('schedule-send-row');
    expect(lastCall(calls, 'GetReportScheduleLog')?.body).toEqual({ scheduleId: 1 });
    expect(sends.map((r) => r.getAttribute('data-status'))).toEqual(['sent', 'retried']);
    expect(cell(sends[1], 'reason')).toBe('SES throttled');
    expect(cell(sends[0], 'period')).toBe('Oct 1, 2026 – Oct 31, 2026');
    expect(
      within(sends[1])
        .getAllByRole('cell')
        .map((c) => text(c)),
    ).toEqual(['Nov 1, 2026, 6:01 AM', 'Retried', 'SES throttled', '2', 'Oct 1, 2026 – Oct 31, 2026', '1']);
  });

  it('edits a schedule from the version read and deletes one after confirmation', async () => {
    const calls = api();
    renderWithProviders(<SchedulesScreen />, '/performance/schedules');
    const rows = await screen.findAllByTestId('report-schedule-row');
    fireEvent.click(within(rows[1]).getByTestId('schedule-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the scheduled report' });
    expect((within(dialog).getByTestId('schedule-weekday') as HTMLSelectElement).value).toBe('1');
    expect(
      within(dialog)
        .getAllByTestId('schedule-recipient')
        .map((c) => c.getAttribute('data-address')),
    ).toEqual(['planner@demo.mixdesk.test', 'client@hadar.example']);
    // The outside address's state is on its chip; a user of the company has none.
    const [user, outside] = within(dialog).getAllByTestId('schedule-recipient');
    expect([user.getAttribute('data-state'), text(user)]).toEqual([null, 'planner@demo.mixdesk.test']);
    expect([outside.getAttribute('data-state'), text(outside)]).toEqual([
      'pending',
      'client@hadar.example · awaiting confirmation',
    ]);
    fireEvent.change(within(dialog).getByTestId('schedule-period'), { target: { value: 'last7days' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'SaveReportSchedule')).toHaveLength(1));
    expect(lastCall(calls, 'SaveReportSchedule')?.body.schedule).toEqual({
      Id: 2,
      Version: 1,
      Name: 'Weekly pacing',
      Filters: { groupBy: 'activity', accountId: 7 },
      Period: 'last7days',
      Frequency: 'weekly',
      Weekday: 1,
      DelayHours: 0,
      Recipients: ['planner@demo.mixdesk.test', 'client@hadar.example'],
      Language: 'he',
      Active: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the scheduled report' })).toBeNull());
    // The save made the list out of date: it is read again.
    await waitFor(() => expect(callsTo(calls, 'GetReportSchedulesList').length).toBeGreaterThan(1));

    fireEvent.click(within(screen.getAllByTestId('report-schedule-row')[0]).getByTestId('schedule-delete'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete the scheduled report?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(lastCall(calls, 'DeleteReportSchedule')?.body).toEqual({ scheduleId: 1, version: 2 }));
  });

  it('speaks Hebrew', async () => {
    await inHebrew(async () => {
      api();
      renderWithProviders(<SchedulesScreen />, '/performance/schedules');
      const rows = await screen.findAllByTestId('report-schedule-row');
      expect(cell(rows[0], 'when')).toBe('כל חודש, ב-1 לחודש, 6 שעות אחרי חצות');
      expect(cell(rows[1], 'when')).toBe('כל שבוע, יום שני');
      expect(cell(rows[0], 'period')).toBe('החודש שעבר');
    });
  });
});
