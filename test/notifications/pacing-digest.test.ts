import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { sesMailer } from '../../lambdas/aws/ses-mailer';
import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { runPacingDigests } from '../../lambdas/modules/pacing-digest';
import { duePeriod } from '../../lambdas/modules/pacing-digest/digest-rules';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { handler as unsubscribePage } from '../../lambdas/public/pacing-digest-unsubscribe';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { NotificationView } from '../../lambdas/shared/replies/notifications';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { current, seedActivity, seedLine, seedRate, seedVersion } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * The pacing digest on DynamoDB Local and the local SES. Figures by hand: today T; each plan has
 * one line T-30 .. T+9 (40 days: 30 elapsed, 10 left, today included), 4,000.00, so 3,000.00 is
 * planned to date; actuals for the 30 elapsed days:
 * - "Under & "Co"" (main account): 50.00 a day → 1,500 → 50 %; projection 1,500 + 50 × 10 = 2,000;
 *   daily spend needed (4,000 − 1,500) ÷ 10 = 250;
 * - "Slightly over" (main): 105.00 a day → 3,150 → 105 %: inside 90/110, over a 95/104 band;
 * - "Steady" (main): 100.00 a day → 100 %: inside every band;
 * - "Elsewhere" (the other account): nothing spent → 0 %.
 * The admin created every activity (owner), the approver approved every plan (then loses the
 * other account); the client owns and approves nothing and saved no setting.
 */
let c: Company;
let ses: FakeSes;
const T = todayIn(DEFAULT_TIME_ZONE);
const d = (n: number) => addDaysTo(T, n);
const ids = { under: 0, over: 0, steady: 0, elsewhere: 0 };
const UNSUBSCRIBE_URL = 'http://api.test/digest-unsubscribe';

const stat = statOn(T);

async function plan(accountId: number, name: string, daily: number): Promise<number> {
  const activity = await seedActivity(c, { accountId, start: d(-40), end: d(20), name });
  const version = await seedVersion(c, activity);
  const line = await seedLine(c, version, {
    Name: 'Line',
    StartDate: d(-30),
    EndDate: d(9),
    Budget: 4000,
    BuyType: 'CPM',
    UnitCost: 20,
  });
  const draft = await current(c, version.ID);
  const submitted = await submitVersion(c.planner, accountId, { mediaMixId: version.ID, version: draft.version });
  await approveVersion(c.approver, accountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(c.companyId, activity.ID);
  const book = new RollupBook(c.companyId, 'meta_ads', `act-${activity.ID}`);
  if (daily)
    for (let n = -30; n <= -1; n++)
      book.change(
        undefined,
        stat({ LineId: line.ID, ActivityId: activity.ID, AccountId: accountId, Date: d(n), SpendMicros: daily * 1e6 }),
      );
  await book.flush();
  return activity.ID;
}

const mailer = () =>
  sesMailer({
    from: 'Mixdesk <digest@mixdesk.test>',
    region: 'local',
    endpoint: ses.endpoint,
    sleep: async () => undefined,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });
const run = (now = new Date()) =>
  runPacingDigests(now, {
    mailer: mailer(),
    unsubscribeUrl: UNSUBSCRIBE_URL,
    consoleUrl: 'https://console.test',
    hour: 0,
    companyIds: [c.companyId],
  });
const mailsTo = (u: UserProfile) => ses.mails().filter((m) => m.To[0] === u.email);
const save = (as: UserProfile, setting: Record<string, unknown>) =>
  invoke('NotificationsService', 'SavePacingDigestSetting', { as, body: { setting } });
const settingOf = async (as: UserProfile) =>
  (await invoke('NotificationsService', 'GetPacingDigestSetting', { as, body: {} })).body.Response;

beforeAll(async () => {
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  c = await makeCompany('Pacing digest Agency');
  await seedRate(c, d(-60), 'USD', 'ILS', 3.5);
  ids.under = await plan(c.accounts.main.ID, 'Under & "Co"', 50);
  ids.over = await plan(c.accounts.main.ID, 'Slightly over', 105);
  ids.steady = await plan(c.accounts.main.ID, 'Steady', 100);
  ids.elsewhere = await plan(c.accounts.other.ID, 'Elsewhere', 0);
  // The approver may open the main account only from now on: the job checks access when it sends.
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(c.companyId, c.approver.sub),
      UpdateExpression: 'SET accountAccess = :a',
      ExpressionAttributeValues: { ':a': [c.accounts.main.ID] },
    }),
  );
}, 120_000);
afterAll(() => ses.stop());

describe('the setting', () => {
  it('answers the defaults until saved: weekly 90/110 for staff, off for a client', async () => {
    expect(await settingOf(c.planner)).toMatchObject({ Frequency: 'weekly', Lower: 90, Upper: 110, Saved: false });
    expect(await settingOf(c.client)).toMatchObject({ Frequency: 'off', Lower: 90, Upper: 110, Saved: false });
  });

  it('refuses thresholds out of range and saves nothing', async () => {
    for (const bad of [
      { frequency: 'daily', lower: 0, upper: 110 },
      { frequency: 'daily', lower: 90, upper: 100 },
      { frequency: 'hourly', lower: 90, upper: 110 },
    ]) {
      const r = await save(c.planner, bad);
      expect(r.status).toBe(400);
    }
    expect(await settingOf(c.planner)).toMatchObject({ Saved: false });
  });

  it("saves the caller's own setting, its language, and a second save moves the version on", async () => {
    expect((await save(c.admin, { frequency: 'weekly', lower: 90, upper: 110, language: 'en' })).status).toBe(200);
    const r = await save(c.admin, { frequency: 'daily', lower: 90, upper: 110 });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({ Frequency: 'daily', Language: 'en', Saved: true, version: 2 });
    expect((await save(c.approver, { frequency: 'daily', lower: 95, upper: 104, language: 'he' })).status).toBe(200);
  });
});

describe('a run', () => {
  let first: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    first = await run();
  }, 60_000);

  it('mails the owner the activities outside their band on accounts they open, with the projection and the daily spend needed', () => {
    const [mail, ...more] = mailsTo(c.admin);
    expect(more).toHaveLength(0);
    expect(mail.Subject).toBe('Mixdesk: Daily pacing: 2 activities off pace');
    // 50 % and 0 % are under 90; 105 % and 100 % are inside 90/110.
    expect(mail.Text).toContain('Under-pacing: Under & "Co" (Main Client)');
    expect(mail.Text).toContain('Under-pacing: Elsewhere (Other Client)');
    expect(mail.Text).not.toContain('Slightly over');
    expect(mail.Text).not.toContain('Steady');
    expect(mail.Text).toMatch(/Projected end spend: \D*2,000\.00/);
    expect(mail.Text).toMatch(/Daily spend needed: \D*250\.00/);
    expect(mail.Text).toContain('Pacing: 50 %');
    // The activity's name reaches the HTML escaped; each entry links to its performance page.
    expect(mail.Html).toContain('Under &amp; &quot;Co&quot;');
    expect(mail.Html).not.toContain('Under & "Co"');
    expect(mail.Text).toContain(
      `https://console.test/accounts/${c.accounts.main.ID}/activities/${ids.under}/mediaMix/`,
    );
    expect(mail.Text).toContain(`${UNSUBSCRIBE_URL}?t=`);
  });

  it('mails the approver by their own thresholds, in Hebrew right to left, and nothing of an account they lost', () => {
    const [mail, ...more] = mailsTo(c.approver);
    expect(more).toHaveLength(0);
    expect(mail.Html).toContain('dir="rtl"');
    expect(mail.Text).toContain('Under & "Co"');
    // 105 % is over their 104.
    expect(mail.Text).toContain('Slightly over');
    expect(mail.Text).not.toContain('Elsewhere');
    expect(mail.Text).not.toContain('Steady');
  });

  it('mails no client (off by default) and nobody who owns or approves nothing', () => {
    expect(mailsTo(c.client)).toHaveLength(0);
    expect(mailsTo(c.planner)).toHaveLength(0);
    expect(mailsTo(c.analyst)).toHaveLength(0);
  });

  it('puts the same alerts under the bell, the % as the reason', async () => {
    const r = await invoke('NotificationsService', 'GetNotifications', { as: c.approver, body: { pageSize: 50 } });
    const got = (r.body.Response.Items as NotificationView[])
      .filter((n) => n.Kind === 'pacingUnder' || n.Kind === 'pacingOver')
      .map((n) => `${n.Kind}:${n.ActivityId}:${n.Reason}`)
      .sort();
    expect(got).toEqual([`pacingOver:${ids.over}:105`, `pacingUnder:${ids.under}:50`].sort());
    expect(first.notified).toBe(2 + 2);
  });

  it('a second run of the same period mails nobody again', async () => {
    const before = ses.mails().length;
    const again = await run();
    expect(again.mailed).toBe(0);
    expect(again.claimedBefore).toBeGreaterThanOrEqual(2);
    expect(ses.mails().length).toBe(before);
  });
});

describe('the unsubscribe link', () => {
  const tokenOf = (text: string) => decodeURIComponent(/digest-unsubscribe\?t=(\S+)/.exec(text)![1]);

  it('refuses a forged or altered token and changes nothing', async () => {
    const token = tokenOf(mailsTo(c.admin)[0].Text);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const t of [altered, 'pacing-digest-off.9999999999.MQ.eA.AAAA', undefined]) {
      const page = await unsubscribePage({ queryStringParameters: t === undefined ? null : { t } });
      expect(page.statusCode).toBe(400);
    }
    expect(await settingOf(c.admin)).toMatchObject({ Frequency: 'daily' });
  });

  it("turns the user's digest off in one click, and says so in their language", async () => {
    const t = tokenOf(mailsTo(c.admin)[0].Text);
    const page = await unsubscribePage({ queryStringParameters: { t } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will no longer receive the pacing digest');
    expect(await settingOf(c.admin)).toMatchObject({ Frequency: 'off', Lower: 90, Upper: 110 });
    // A second click finds it off and says the same.
    expect((await unsubscribePage({ queryStringParameters: { t } })).statusCode).toBe(200);
  });
});

describe('when a digest is due (company time zone, from 07:00)', () => {
  const at = (iso: string) => new Date(iso);
  it('daily: every day from the morning; weekly: Mondays only; off: never', () => {
    // 2026-11-30 is a Monday; Jerusalem is UTC+2 in winter.
    expect(duePeriod('daily', at('2026-11-30T05:00:00Z'), DEFAULT_TIME_ZONE)).toBe('D2026-11-30');
    expect(duePeriod('daily', at('2026-11-30T04:59:00Z'), DEFAULT_TIME_ZONE)).toBeNull();
    expect(duePeriod('weekly', at('2026-11-30T05:00:00Z'), DEFAULT_TIME_ZONE)).toBe('W2026-11-30');
    expect(duePeriod('weekly', at('2026-12-01T05:00:00Z'), DEFAULT_TIME_ZONE)).toBeNull();
    // Monday 08:00 in New York (13:00 UTC): due by the company's own clock.
    expect(duePeriod('weekly', at('2026-11-30T13:00:00Z'), 'America/New_York')).toBe('W2026-11-30');
    // Sunday 23:00 UTC is Monday 01:00 in Jerusalem: not morning yet.
    expect(duePeriod('weekly', at('2026-11-29T23:00:00Z'), DEFAULT_TIME_ZONE)).toBeNull();
    expect(duePeriod('off', at('2026-11-30T05:00:00Z'), DEFAULT_TIME_ZONE)).toBeNull();
  });
});
