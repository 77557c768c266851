import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { readSheet } from 'read-excel-file/node';
import { runDueReportSchedules } from '../../lambdas/modules/reports/schedule-runs';
import { confirmToken } from '../../lambdas/modules/reports/unsubscribe-token';
import { handler } from '../../lambdas/public/unsubscribe';
import { DEV_UNSUBSCRIBE_KEY } from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { sesMailer } from '../../lambdas/aws/ses-mailer';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { ReportScheduleView, ScheduleSendView } from '../../lambdas/modules/reports/replies/report-schedules';
import type { PerformanceReport } from '../../lambdas/modules/reports/replies/reports';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { expectError, expectOk } from '../media-plans/helpers';
import { seedActivity } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * Scheduled reports on DynamoDB Local with the local SES in process: save → list → the dispatcher at
 * the due time → a mail whose attached Excel totals are GetPerformanceReport's for the same period;
 * not yet due → nothing; a second (or a concurrent) run → no second mail; SES throttling → retried at
 * the next run → logged; a creator who lost OperationalReports → failed, no mail; the recipients rule.
 * Stats are seeded on this month's 1st and today, so a monthly "last month" report due on the NEXT
 * 1st covers them (the period is relative to the due day).
 */
let c: Company;
let ses: FakeSes;
const T = todayIn(DEFAULT_TIME_ZONE);
const FIRST = `${T.slice(0, 7)}-01`;
const OUTSIDE = 'client.contact@outside-client.test';
const KEY = Buffer.from(DEV_UNSUBSCRIBE_KEY, 'utf8');
const sleepless = async () => undefined;
const mailer = () =>
  sesMailer({
    from: 'Mixdesk <reports@mixdesk.test>',
    region: 'local',
    endpoint: ses.endpoint,
    sleep: sleepless,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
const run = (now: Date) =>
  runDueReportSchedules(now, {
    mailer: mailer(),
    unsubscribeUrl: 'http://api.test/unsubscribe',
    companyIds: [c.companyId],
  });

const stat = statOn(T);

const save = async (schedule: Record<string, unknown>, as = c.analyst) =>
  expectOk(
    await invoke('ReportsService', 'SaveReportSchedule', { as, accountId: c.accounts.main.ID, body: { schedule } }),
  ) as ReportScheduleView;
const log = async (scheduleId: number) =>
  (
    expectOk(
      await invoke('ReportsService', 'GetReportScheduleLog', {
        as: c.analyst,
        accountId: c.accounts.main.ID,
        body: { scheduleId },
      }),
    ) as { Items: ScheduleSendView[] }
  ).Items;
const mailsOf = (subjectPart: string) => ses.mails().filter((m) => m.Subject.includes(subjectPart));

const MONTHLY = (name: string) => ({
  Name: name,
  Filters: { groupBy: 'activity', accountId: c.accounts.main.ID },
  Period: 'lastMonth',
  Frequency: 'monthly',
  DelayHours: 6,
  Recipients: [c.analyst.email, OUTSIDE],
  Language: 'en',
  Active: true,
});

beforeAll(async () => {
  c = await makeCompany('Schedules Agency');
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  const a = await seedActivity(c, { start: FIRST, end: addDaysTo(T, 40), name: 'Alpha' });
  const b = await seedActivity(c, { start: FIRST, end: addDaysTo(T, 40), name: 'Bravo' });
  const book = new RollupBook(c.companyId, 'meta_ads', 'act-9');
  book.change(
    undefined,
    stat({
      ActivityId: a.ID,
      AccountId: c.accounts.main.ID,
      Date: FIRST,
      SpendMicros: 123_456_789,
      Impressions: 5000,
      Clicks: 120,
      ConversionsMilli: 4500,
      ConversionValueMicros: 400_000_000,
    }),
  );
  book.change(
    undefined,
    stat({
      ActivityId: a.ID,
      AccountId: c.accounts.main.ID,
      CampaignId: 'c1b',
      Date: T,
      SpendMicros: 10_005_000,
      Impressions: 700,
      Clicks: 9,
    }),
  );
  book.change(
    undefined,
    stat({
      ActivityId: b.ID,
      AccountId: c.accounts.main.ID,
      CampaignId: 'c2',
      Date: T,
      SpendMicros: 33_333_333,
      Impressions: 1234,
      Clicks: 56,
      ConversionsMilli: 1000,
    }),
  );
  await book.flush();
});
afterAll(() => ses.stop());

describe('save and list', () => {
  it('saves a monthly schedule due on the next 1st + the delay, lists it, and refuses a stale version', async () => {
    const s = await save(MONTHLY('Saved only'));
    expect(s).toMatchObject({
      Version: 1,
      Frequency: 'monthly',
      Weekday: null,
      Period: 'lastMonth',
      Active: true,
      LastSend: null,
      CreatedBy: c.analyst.email,
    });
    // The next 1st in Asia/Jerusalem, 06:00 local = 03:00 or 04:00 UTC.
    const nextFirst = addDaysTo(`${addDaysTo(FIRST, 32).slice(0, 7)}-01`, 0);
    expect(s.NextRunAt.slice(0, 10) === nextFirst || s.NextRunAt.slice(0, 10) === addDaysTo(nextFirst, -1)).toBe(true);
    expect(new Date(s.NextRunAt).getTime()).toBeGreaterThan(Date.now());
    const list = expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as: c.analyst, body: {} })) as {
      Items: ReportScheduleView[];
    };
    expect(list.Items.map((x) => x.Id)).toContain(s.Id);
    const edited = await save({ ...MONTHLY('Saved only, renamed'), Id: s.Id, Version: 1 });
    expect(edited).toMatchObject({ Id: s.Id, Version: 2, Name: 'Saved only, renamed' });
    const stale = await invoke('ReportsService', 'SaveReportSchedule', {
      as: c.analyst,
      accountId: c.accounts.main.ID,
      body: { schedule: { ...MONTHLY('x'), Id: s.Id, Version: 1 } },
    });
    expectError(stale, 409);
    expect(stale.body.ErrorCode).toBe('STALE_VERSION');
    const del = expectOk(
      await invoke('ReportsService', 'DeleteReportSchedule', {
        as: c.analyst,
        accountId: c.accounts.main.ID,
        body: { scheduleId: s.Id, version: 2 },
      }),
    );
    expect(del).toEqual({ Id: s.Id });
    const after = expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as: c.analyst, body: {} })) as {
      Items: ReportScheduleView[];
    };
    expect(after.Items.map((x) => x.Id)).not.toContain(s.Id);
  });

  it('refuses an outside recipient on a report not limited to an account (RECIPIENT_NOT_ALLOWED on its index)', async () => {
    const reply = await invoke('ReportsService', 'SaveReportSchedule', {
      as: c.analyst,
      body: {
        schedule: { ...MONTHLY('Company-wide'), Filters: { groupBy: 'account' }, Recipients: [c.admin.email, OUTSIDE] },
      },
    });
    expectError(reply, 400);
    expect(reply.body.ErrorCode).toBe('FIELD_INVALID');
    expect(reply.body.ErrorParams).toMatchObject({ field: 'schedule.Recipients.1', reason: 'RECIPIENT_NOT_ALLOWED' });
    // The same company-wide report to users of the company is fine.
    await save({
      ...MONTHLY('Company-wide'),
      Filters: { groupBy: 'account' },
      Recipients: [c.admin.email],
      Active: false,
    });
  });

  it('a weekly schedule needs its weekday', async () => {
    const reply = await invoke('ReportsService', 'SaveReportSchedule', {
      as: c.analyst,
      accountId: c.accounts.main.ID,
      body: { schedule: { ...MONTHLY('W'), Frequency: 'weekly' } },
    });
    expectError(reply, 400);
  });
});

describe('the dispatcher', () => {
  it("at the due time mails each recipient the Excel file whose totals are GetPerformanceReport's; before it, nothing; twice, once", async () => {
    const s = await save(MONTHLY('Monthly Alpha'));
    // The outside address has confirmed (outside-recipients.test.ts: the confirmation itself).
    expect(s.OutsideRecipients).toEqual([{ Address: OUTSIDE, State: 'pending' }]);
    expect(
      (
        await handler({
          queryStringParameters: { t: confirmToken(KEY, { companyId: c.companyId, address: OUTSIDE }) },
          rawPath: '/confirm-recipient',
          requestContext: { http: { method: 'POST' } },
        })
      ).statusCode,
    ).toBe(200);
    const due = new Date(s.NextRunAt);
    await run(new Date(due.getTime() - 1000));
    expect(mailsOf('Monthly Alpha')).toEqual([]);
    expect(await log(s.Id)).toEqual([]);

    // Two dispatchers at once: one claim wins.
    const [r1, r2] = await Promise.all([run(due), run(due)]);
    expect(r1.sent + r2.sent).toBe(1);
    const mails = mailsOf('Monthly Alpha');
    expect(mails.map((m) => m.To[0]).sort()).toEqual([c.analyst.email, OUTSIDE].sort());
    const lastDay = addDaysTo(`${addDaysTo(FIRST, 32).slice(0, 7)}-01`, -1);
    const day = (d: string) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
    expect(mails[0].Subject).toBe(`Mixdesk scheduled report: "Monthly Alpha", ${day(FIRST)} – ${day(lastDay)}`);
    // Only the outside recipient gets the unsubscribe link.
    expect(mails.find((m) => m.To[0] === OUTSIDE)!.Text).toContain('http://api.test/unsubscribe?t=v1.');
    expect(mails.find((m) => m.To[0] === c.analyst.email)!.Text).not.toContain('unsubscribe');
    // Today is inside the restatement window: the mail says the figures are provisional.
    expect(mails[0].Text).toContain('provisional');

    const report = expectOk(
      await invoke('ReportsService', 'GetPerformanceReport', {
        as: c.analyst,
        body: { from: FIRST, to: lastDay, groupBy: 'activity', accountId: c.accounts.main.ID },
      }),
    ) as PerformanceReport;
    expect(report.Totals.Spend).toBe(166.79); // Alpha 123.456789 + 10.005 = 133.46, Bravo 33.33
    const [file] = mails[0].Attachments;
    expect(file.FileName).toBe(`Monthly Alpha-${FIRST}-${lastDay}.xlsx`);
    const rows = (await readSheet(Buffer.from(file.Base64, 'base64'))) as unknown[][];
    expect(rows[0].slice(0, 3)).toEqual(['Name', 'Spend (ILS)', 'Impressions']);
    const totals = rows[rows.length - 1];
    expect(totals[0]).toBe('Total');
    expect(totals.slice(1, 13)).toEqual([
      report.Totals.Spend,
      report.Totals.Impressions,
      report.Totals.Clicks,
      report.Totals.Conversions,
      report.Totals.ConversionValue,
      report.Totals.VideoViews,
      report.Totals.Ctr,
      report.Totals.Cpc,
      report.Totals.Cpm,
      report.Totals.Cpa,
      report.Totals.Cvr,
      report.Totals.Roas,
    ]);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(report.Rows.map((r) => r.Label));
    expect(mails[0].Text).toContain(`Spend: ${report.Totals.Spend.toFixed(2)} ILS`);

    // Logged once, and the schedule moved on to the following 1st.
    const sends = await log(s.Id);
    expect(sends).toEqual([
      expect.objectContaining({
        Status: 'sent',
        Attempt: 1,
        Recipients: 2,
        PeriodFrom: FIRST,
        PeriodTo: lastDay,
        Reason: null,
      }),
    ]);
    expect(sends[0].MessageIds).toHaveLength(2);
    const listed = (
      expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as: c.analyst, body: {} })) as {
        Items: ReportScheduleView[];
      }
    ).Items.find((x) => x.Id === s.Id)!;
    expect(listed.LastSend).toMatchObject({ Status: 'sent' });
    expect(new Date(listed.NextRunAt).getTime()).toBeGreaterThan(due.getTime() + 27 * 86_400_000);

    // A later run at the same time sends nothing again.
    await run(new Date(due.getTime() + 60_000));
    expect(mailsOf('Monthly Alpha')).toHaveLength(2);
  });

  it('SES throttling: the run is logged as retried, the next hourly run sends it (attempt 2)', async () => {
    const s = await save({
      ...MONTHLY('Daily Throttled'),
      Frequency: 'daily',
      Period: 'yesterday',
      DelayHours: 0,
      Recipients: [c.analyst.email],
    });
    const due = new Date(s.NextRunAt);
    ses.injectFault('throttle', 3); // the Mailer's own 3 tries
    const first = await run(due);
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    expect(mailsOf('Daily Throttled')).toEqual([]);
    let sends = await log(s.Id);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ Status: 'retried', Attempt: 1 });
    expect(sends[0].Reason).toContain('TooManyRequestsException');
    // The next hourly run: the retry (attempt 2) goes through.
    const second = await run(new Date(due.getTime() + 60 * 60_000));
    expect(second.sent).toBe(1);
    expect(mailsOf('Daily Throttled')).toHaveLength(1);
    sends = await log(s.Id);
    expect(sends.map((x) => [x.Status, x.Attempt])).toEqual([
      ['sent', 2],
      ['retried', 1],
    ]);
  });

  it("runs with the creator's permissions at run time: a creator who lost OperationalReports fails the run with the reason, no mail", async () => {
    const creator = await makeUser(c.companyId, Role.MediaManager, [Permission.OperationalReports]);
    const s = await save(
      { ...MONTHLY('Lost Permission'), Frequency: 'daily', Period: 'yesterday', Recipients: [c.analyst.email] },
      creator,
    );
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(c.companyId, creator.sub),
        UpdateExpression: 'SET #p = :none',
        ExpressionAttributeNames: { '#p': 'permissions' },
        ExpressionAttributeValues: { ':none': [] },
      }),
    );
    const summary = await run(new Date(s.NextRunAt));
    expect(summary).toMatchObject({ failed: 1, sent: 0 });
    expect(mailsOf('Lost Permission')).toEqual([]);
    const sends = await log(s.Id);
    expect(sends).toEqual([expect.objectContaining({ Status: 'failed', Attempt: 1, MessageIds: [] })]);
    expect(sends[0].Reason).toMatch(/^CREATOR_NO_PERMISSION/);
    // A final failure is not retried.
    await run(new Date(new Date(s.NextRunAt).getTime() + 60 * 60_000));
    expect(await log(s.Id)).toHaveLength(1);
  });
});
