/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { PerformanceReport } from '../api/reports-api';
import type { ReportScheduleView } from '../api/schedules-api';
import { ReportsScreen } from './reports-screen';
import { formFromReport, periodOfReport, recipientsOf } from './schedule-form';

setUpScreenTests({ quiet: true });

const REPLY: PerformanceReport = {
  GroupBy: 'activity',
  Currency: 'ILS',
  From: '2026-10-01',
  To: '2026-10-31',
  PreviousFrom: null,
  PreviousTo: null,
  Rows: [],
  Totals: {
    Spend: 0,
    Impressions: 0,
    Clicks: 0,
    Conversions: 0,
    ConversionValue: 0,
    VideoViews: 0,
    Ctr: 0,
    Cpc: 0,
    Cpm: 0,
    Cpa: 0,
    Cvr: 0,
    Roas: 0,
  },
  PreviousTotals: null,
  Truncated: false,
  ActivitiesRead: 0,
  LinesRead: null,
};
const SAVED: ReportScheduleView = {
  Id: 3,
  Version: 1,
  Name: 'x',
  Filters: { groupBy: 'activity' },
  Period: 'lastMonth',
  Frequency: 'monthly',
  Weekday: null,
  DelayHours: 6,
  Recipients: ['planner@demo.mixdesk.test'],
  Language: 'en',
  Active: true,
  NextRunAt: '2026-12-01T04:00:00Z',
  LastSend: null,
  CreatedBy: 'analyst@demo.mixdesk.test',
  UpdatedAt: '2026-11-26T10:00:00Z',
  OutsideRecipients: [],
};

const api = (save: (b: Record<string, unknown>) => ReturnType<typeof ok> | ReturnType<typeof fail> = () => ok(SAVED)) =>
  mockApi({
    'ReportsService/GetPerformanceReport': () => ok(REPLY),
    'AccountsService/GetAccountsList': () => ok({ Items: [], NextToken: null }),
    'ReportsService/SaveReportSchedule': save,
    'UsersService/GetUsersList': () =>
      ok({
        Items: [
          { Sub: 'u1', Email: 'planner@demo.mixdesk.test', Name: 'Paz Planner', Status: 'active' },
          { Sub: 'u2', Email: 'gone@demo.mixdesk.test', Name: 'Gone', Status: 'disabled' },
        ],
        NextToken: null,
      }),
  });

/** Opens the Reports screen at a URL and its Schedule dialog. */
async function openDialog(path: string) {
  renderWithProviders(<ReportsScreen />, path);
  fireEvent.click(await screen.findByTestId('report-schedule-button'));
  return screen.findByRole('dialog', { name: /Schedule this report/ });
}

const addRecipient = (dialog: HTMLElement, email: string) => {
  const input = within(dialog).getByTestId('schedule-recipients-input');
  fireEvent.change(input, { target: { value: email } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const value = (dialog: HTMLElement, testId: string) => (within(dialog).getByTestId(testId) as HTMLInputElement).value;

describe('Schedule a report', () => {
  it("is prefilled from the screen's URL filters and saves them with a relative period through SaveReportSchedule", async () => {
    signInAs(PROFILES.analyst);
    const calls = api();
    const dialog = await openDialog(
      '/performance/list?period=4&groupBy=activity&channelGroup=Search&compare=1&sort=Spend:desc',
    );
    expect(value(dialog, 'schedule-name')).toBe('Report by Activity – Last month');
    expect(value(dialog, 'schedule-frequency')).toBe('monthly');
    expect(value(dialog, 'schedule-period')).toBe('lastMonth');
    expect(value(dialog, 'schedule-delay')).toBe('6');
    expect(value(dialog, 'schedule-language')).toBe('en');
    expect(within(dialog).queryByTestId('schedule-weekday')).toBeNull();
    // The analyst may not read the users list: addresses are typed, nothing is asked of UsersService.
    expect(callsTo(calls, 'GetUsersList')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('schedule-delay'), { target: { value: '8' } });
    addRecipient(dialog, 'planner@demo.mixdesk.test');
    expect(
      within(dialog)
        .getAllByTestId('schedule-recipient')
        .map((c) => c.textContent),
    ).toEqual(['planner@demo.mixdesk.test']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'SaveReportSchedule')).toHaveLength(1));
    expect(lastCall(calls, 'SaveReportSchedule')?.body).toEqual({
      schedule: {
        Name: 'Report by Activity – Last month',
        Filters: { groupBy: 'activity', channelGroup: 'Search', compare: true, sort: 'Spend:desc' },
        Period: 'lastMonth',
        Frequency: 'monthly',
        DelayHours: 8,
        Recipients: ['planner@demo.mixdesk.test'],
        Language: 'en',
        Active: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Schedule this report/ })).toBeNull());
    expect(await screen.findByText('The report is scheduled')).toBeTruthy();
  });

  it('the default name follows the period while it is still the default, and stays once typed over', async () => {
    signInAs(PROFILES.analyst);
    api();
    const dialog = await openDialog('/performance/list?period=4&groupBy=activity');
    expect(value(dialog, 'schedule-name')).toBe('Report by Activity – Last month');
    fireEvent.change(within(dialog).getByTestId('schedule-period'), { target: { value: 'yesterday' } });
    await waitFor(() => expect(value(dialog, 'schedule-name')).toBe('Report by Activity – Yesterday'));
    fireEvent.change(within(dialog).getByTestId('schedule-name'), { target: { value: 'Our own name' } });
    fireEvent.change(within(dialog).getByTestId('schedule-period'), { target: { value: 'lastWeek' } });
    await waitFor(() => expect(value(dialog, 'schedule-period')).toBe('lastWeek'));
    expect(value(dialog, 'schedule-name')).toBe('Our own name');
  });

  it('asks the weekday of a weekly schedule and refuses bad addresses on their chip before saving', async () => {
    signInAs(PROFILES.analyst);
    const calls = api();
    const dialog = await openDialog('/performance/list?period=2');
    expect(value(dialog, 'schedule-period')).toBe('yesterday');
    expect(value(dialog, 'schedule-frequency')).toBe('daily');
    fireEvent.change(within(dialog).getByTestId('schedule-frequency'), { target: { value: 'weekly' } });
    const weekday = await within(dialog).findByTestId('schedule-weekday');
    expect([...(weekday as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    fireEvent.change(weekday, { target: { value: '1' } });
    // Pasted as one: split into chips, each address once.
    addRecipient(dialog, 'planner@demo.mixdesk.test, not-an-address; PLANNER@demo.mixdesk.test');
    expect(
      within(dialog)
        .getAllByTestId('schedule-recipient')
        .map((c) => c.textContent),
    ).toEqual(['planner@demo.mixdesk.test', 'not-an-address']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('schedule-recipient')[1].getAttribute('data-invalid')).toBe('true'),
    );
    expect(within(dialog).getAllByTestId('schedule-recipient')[0].getAttribute('data-invalid')).toBeNull();
    expect(callsTo(calls, 'SaveReportSchedule')).toHaveLength(0);
    fireEvent.click(within(within(dialog).getAllByTestId('schedule-recipient')[1]).getByTestId('CancelIcon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'SaveReportSchedule')).toHaveLength(1));
    expect(lastCall(calls, 'SaveReportSchedule')?.body.schedule).toMatchObject({
      Frequency: 'weekly',
      Weekday: 1,
      Period: 'yesterday',
      Filters: { groupBy: 'account' },
    });
  });

  it('a recipient the API refuses (RECIPIENT_NOT_ALLOWED) is marked on its chip and the dialog stays open', async () => {
    signInAs(PROFILES.analyst);
    const calls = api(() =>
      fail(400, 'schedule.Recipients.1: not a user of the company', 'FIELD_INVALID', {
        field: 'schedule.Recipients.1',
        reason: 'RECIPIENT_NOT_ALLOWED',
      }),
    );
    const dialog = await openDialog('/performance/list?period=4');
    addRecipient(dialog, 'planner@demo.mixdesk.test');
    addRecipient(dialog, 'someone@client.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('schedule-recipient')[1].getAttribute('data-invalid')).toBe('true'),
    );
    expect(callsTo(calls, 'SaveReportSchedule')).toHaveLength(1);
    expect(within(dialog).getAllByTestId('schedule-recipient')[0].getAttribute('data-invalid')).toBeNull();
    // The field says why, naming the chip (the reason's text from the API's catalogue).
    const helper = document.getElementById(
      within(dialog).getByTestId('schedule-recipients-input').getAttribute('aria-describedby') ?? 'none',
    );
    expect(helper?.textContent).toMatch(/Recipient 2/);
    expect(screen.getByRole('dialog', { name: /Schedule this report/ })).toBeTruthy();
  });

  it("offers the company's active users to a caller who may read them", async () => {
    signInAs(PROFILES.admin);
    const calls = api();
    const dialog = await openDialog('/performance/list?period=4');
    await waitFor(() => expect(callsTo(calls, 'GetUsersList')).toHaveLength(1));
    const input = within(dialog).getByTestId('schedule-recipients-input');
    fireEvent.change(input, { target: { value: 'demo' } });
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['planner@demo.mixdesk.test']);
    fireEvent.click(options[0]);
    expect(
      within(dialog)
        .getAllByTestId('schedule-recipient')
        .map((c) => c.textContent),
    ).toEqual(['planner@demo.mixdesk.test']);
  });
});

describe('schedule-form', () => {
  it("makes the screen's period relative, never a fixed day", () => {
    expect(periodOfReport({ period: '1', compare: false })).toBe('yesterday');
    expect(periodOfReport({ period: '3', compare: false })).toBe('monthToDate');
    expect(periodOfReport({ compare: false })).toBe('monthToDate');
    expect(periodOfReport({ from: '2026-10-01', to: '2026-10-31', compare: false })).toBe('lastMonth');
    expect(
      formFromReport({ period: '4', groupBy: 'day', accountId: 7, compare: false }, null, {
        name: 'n',
        language: 'fr',
      }),
    ).toMatchObject({
      Id: 0,
      Filters: { groupBy: 'day', accountId: 7 },
      Period: 'lastMonth',
      Frequency: 'monthly',
      // The console's language is the schedule's first choice; one the server does not write, English.
      Language: 'fr',
      Recipients: [],
    });
    expect(formFromReport({ compare: false }, null, { name: 'n', language: 'de' }).Language).toBe('en');
  });

  it('splits pasted recipients and keeps each address once', () => {
    expect(recipientsOf(['a@x.co; b@x.co', ' A@X.CO ', 'c@x.co\nd@x.co', ''])).toEqual([
      'a@x.co',
      'b@x.co',
      'c@x.co',
      'd@x.co',
    ]);
  });
});
