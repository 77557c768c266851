import { runDueReportSchedules, type RunDeps } from '../../lambdas/modules/reports/schedule-runs';
import { confirmToken, unsubscribeToken } from '../../lambdas/modules/reports/unsubscribe-token';
import { handler } from '../../lambdas/public/unsubscribe';
import { sesMailer } from '../../lambdas/aws/ses-mailer';
import {
  DEV_UNSUBSCRIBE_KEY,
  resetUnsubscribeKey,
} from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';
import type { ReportScheduleView, ScheduleSendView } from '../../lambdas/modules/reports/replies/report-schedules';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { expectOk } from '../media-plans/helpers';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * Outside recipients (docs/reports.md "Outside recipients"): an address that is no user of the
 * company gets a confirmation mail (Mixdesk's text and a link) and no report until it confirms —
 * the link's GET only asks, its POST confirms — once per company; the company's mails to outside
 * addresses are capped per day (a recipient past the cap is skipped and the log says so).
 */
let c: Company;
let ses: FakeSes;
const KEY = Buffer.from(DEV_UNSUBSCRIBE_KEY, 'utf8');
const DANA = 'dana@outside-client.test';
const sleepless = async () => undefined;
const mailer = () =>
  sesMailer({
    from: 'Mixdesk <reports@mixdesk.test>',
    region: 'local',
    endpoint: ses.endpoint,
    sleep: sleepless,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
const run = (now: Date, extra: Partial<RunDeps> = {}) =>
  runDueReportSchedules(now, {
    mailer: mailer(),
    unsubscribeUrl: 'http://api.test/unsubscribe',
    confirmUrl: 'http://api.test/confirm-recipient',
    companyIds: [c.companyId],
    ...extra,
  });
const page = (t: string | undefined, method: 'GET' | 'POST') =>
  handler({
    queryStringParameters: t === undefined ? null : { t },
    rawPath: '/confirm-recipient',
    requestContext: { http: { method } },
  });

const save = async (name: string, recipients: string[]) =>
  expectOk(
    await invoke('ReportsService', 'SaveReportSchedule', {
      as: c.analyst,
      body: {
        schedule: {
          Name: name,
          Filters: { groupBy: 'activity', accountId: c.accounts.main.ID },
          Period: 'yesterday',
          Frequency: 'daily',
          DelayHours: 0,
          Recipients: recipients,
          Language: 'en',
          Active: true,
        },
      },
    }),
  ) as ReportScheduleView;
const listed = async (id: number) =>
  (
    expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as: c.analyst, body: {} })) as {
      Items: ReportScheduleView[];
    }
  ).Items.find((s) => s.Id === id)!;
const sendLog = async (scheduleId: number) =>
  (
    expectOk(await invoke('ReportsService', 'GetReportScheduleLog', { as: c.analyst, body: { scheduleId } })) as {
      Items: ScheduleSendView[];
    }
  ).Items;
const mailsTo = (address: string, subjectPart: string) =>
  ses.mails().filter((m) => m.To[0] === address && m.Subject.includes(subjectPart));
const linkIn = (text: string) => /http:\/\/api\.test\/confirm-recipient\?t=(\S+)/.exec(text)?.[1];

beforeAll(async () => {
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  delete process.env.UNSUBSCRIBE_KEY;
  resetUnsubscribeKey();
  c = await makeCompany('Outside Recipients Agency');
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
});
afterAll(() => ses.stop());

it('an outside address gets a confirmation mail and no report until it confirms (GET asks, POST confirms); then the report, once per company', async () => {
  const s = await save('Client daily', [c.analyst.email, DANA]);
  expect(s.OutsideRecipients).toEqual([{ Address: DANA, State: 'pending' }]);

  await run(new Date(s.NextRunAt));
  expect(mailsTo(c.analyst.email, 'Client daily')).toHaveLength(1);
  expect(mailsTo(DANA, 'Client daily')).toEqual([]);
  const [ask] = mailsTo(DANA, 'confirm');
  expect(ask.Subject).toBe('Mixdesk: confirm that you want to receive scheduled reports');
  expect(ask.Text).not.toContain('Client daily');
  const [entry] = await sendLog(s.Id);
  expect(entry).toMatchObject({ Status: 'sent', Recipients: 1 });
  expect(entry.Reason).toContain(`AWAITING_CONFIRMATION: ${DANA}`);

  // A link scanner's GET confirms nothing; the page's button (a POST) does.
  const t = decodeURIComponent(linkIn(ask.Text)!);
  const shown = await page(t, 'GET');
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('<form method="post"');
  expect((await listed(s.Id)).OutsideRecipients).toEqual([{ Address: DANA, State: 'pending' }]);
  const done = await page(t, 'POST');
  expect(done.statusCode).toBe(200);
  expect(done.body).toContain(`${DANA} is confirmed`);
  expect((await listed(s.Id)).OutsideRecipients).toEqual([{ Address: DANA, State: 'confirmed' }]);

  const next = await listed(s.Id);
  await run(new Date(next.NextRunAt));
  const reports = mailsTo(DANA, 'Client daily');
  expect(reports).toHaveLength(1);
  expect(reports[0].Text).toContain('http://api.test/unsubscribe?t=v1.');

  // Another schedule naming the same address: confirmed already, no second confirmation mail.
  const other = await save('Client weekly digest', [DANA]);
  expect(other.OutsideRecipients).toEqual([{ Address: DANA, State: 'confirmed' }]);
  await run(new Date(other.NextRunAt));
  expect(mailsTo(DANA, 'confirm')).toHaveLength(1);
});

it('refuses a forged or altered confirmation token and an unsubscribe token, confirming nothing', async () => {
  const s = await save('Forged', [c.analyst.email, 'eve@outside-client.test']);
  const good = confirmToken(KEY, { companyId: c.companyId, address: 'eve@outside-client.test' });
  const [v, co, addr, sig] = good.split('.');
  const refused = [
    [v, co, Buffer.from('mallory@outside-client.test').toString('base64url'), sig].join('.'),
    confirmToken(Buffer.from('another key'), { companyId: c.companyId, address: 'eve@outside-client.test' }),
    unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: s.Id, address: 'eve@outside-client.test' }),
    'garbage',
    undefined,
  ];
  for (const t of refused) expect((await page(t, 'POST')).statusCode).toBe(400);
  expect([addr.length > 0, (await listed(s.Id)).OutsideRecipients]).toEqual([
    true,
    [{ Address: 'eve@outside-client.test', State: 'pending' }],
  ]);
});

it("caps the company's mails to outside addresses per day: past the cap a recipient is skipped and the log says so", async () => {
  // A company of its own: its day's count starts at 0.
  c = await makeCompany('Capped Agency');
  const s = await save('Capped', [c.analyst.email, 'ann@outside-client.test', 'bob@outside-client.test']);
  for (const address of ['ann@outside-client.test', 'bob@outside-client.test']) {
    expect((await page(confirmToken(KEY, { companyId: c.companyId, address }), 'POST')).statusCode).toBe(200);
  }
  await run(new Date(s.NextRunAt), { outsideMailsPerDay: 1 });
  const got = ['ann@outside-client.test', 'bob@outside-client.test'].filter((a) => mailsTo(a, 'Capped').length);
  expect(got).toHaveLength(1);
  expect(mailsTo(c.analyst.email, 'Capped')).toHaveLength(1);
  const [entry] = await sendLog(s.Id);
  expect(entry).toMatchObject({ Status: 'sent', Recipients: 2 });
  expect(entry.Reason).toMatch(/OUTSIDE_DAILY_CAP: (ann|bob)@outside-client\.test/);
});
