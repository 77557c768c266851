import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { runDueReportSchedules } from '../../lambdas/modules/reports/schedule-runs';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { sesMailer } from '../../lambdas/aws/ses-mailer';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { ReportScheduleView, ScheduleSendView } from '../../lambdas/modules/reports/replies/report-schedules';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { expectError, expectOk } from '../media-plans/helpers';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';

/**
 * Who may change a schedule and who may receive it: only its owner (or an Admin) changes it; its
 * scope (one account, or every account) must be within the reach of the saver and of every recipient
 * who is a user of the company, at save (refused, naming the recipient) and again at each send (a
 * recipient who lost access is skipped, and the log says so).
 */
let c: Company;
let ses: FakeSes;
let limited: UserProfile;
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

const saveAs = (as: UserProfile, schedule: Record<string, unknown>) =>
  invoke('ReportsService', 'SaveReportSchedule', { as, body: { schedule } });
const list = async (as: UserProfile = c.admin) =>
  (
    expectOk(await invoke('ReportsService', 'GetReportSchedulesList', { as, body: {} })) as {
      Items: ReportScheduleView[];
    }
  ).Items;
const sendLog = async (scheduleId: number) =>
  (
    expectOk(await invoke('ReportsService', 'GetReportScheduleLog', { as: c.admin, body: { scheduleId } })) as {
      Items: ScheduleSendView[];
    }
  ).Items;
const received = (name: string) =>
  ses
    .mails()
    .filter((m) => m.Subject.includes(name))
    .map((m) => m.To[0])
    .sort();

const WIDE = (name: string, recipients: string[]) => ({
  Name: name,
  Filters: { groupBy: 'account' },
  Period: 'yesterday',
  Frequency: 'daily',
  DelayHours: 0,
  Recipients: recipients,
  Language: 'en',
  Active: true,
});

beforeAll(async () => {
  c = await makeCompany('Schedule Scope Agency');
  limited = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports], {
    accountAccess: [c.accounts.main.ID],
  });
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
});
afterAll(() => ses.stop());

describe('who may change a schedule', () => {
  it('a user limited to one account cannot take over a company-wide schedule of another user (403, nothing written)', async () => {
    const s = expectOk(await saveAs(c.analyst, WIDE('Everyone wide', [c.analyst.email]))) as ReportScheduleView;
    const reply = await saveAs(limited, {
      ...WIDE('Everyone wide', [c.analyst.email, limited.email]),
      Id: s.Id,
      Version: s.Version,
    });
    expectError(reply, 403);
    expect(reply.body.ErrorCode).toBe('SCHEDULE_NOT_OWNER');
    expect(reply.body.ErrorParams).toEqual({ owner: c.analyst.email });
    const stored = (await list()).find((x) => x.Id === s.Id)!;
    expect(stored).toMatchObject({ Version: s.Version, Recipients: [c.analyst.email], CreatedBy: c.analyst.email });
    // Nor archive it.
    const del = await invoke('ReportsService', 'DeleteReportSchedule', {
      as: limited,
      body: { scheduleId: s.Id, version: s.Version },
    });
    expectError(del, 403);
    expect((await list()).map((x) => x.Id)).toContain(s.Id);
  });

  it('an Admin may change a schedule of another user; it keeps its owner', async () => {
    const s = expectOk(await saveAs(c.analyst, WIDE('Admin edits', [c.analyst.email]))) as ReportScheduleView;
    const edited = expectOk(
      await saveAs(c.admin, { ...WIDE('Admin edits', [c.analyst.email, c.admin.email]), Id: s.Id, Version: s.Version }),
    ) as ReportScheduleView;
    expect(edited).toMatchObject({
      Version: s.Version + 1,
      CreatedBy: c.analyst.email,
      Recipients: [c.analyst.email, c.admin.email],
    });
  });

  it('a user limited to one account cannot schedule a company-wide report', async () => {
    const reply = await saveAs(limited, WIDE('Limited wide', [limited.email]));
    expectError(reply, 403);
    expect(reply.body.ErrorCode).toBe('SCHEDULE_SCOPE_NO_ACCESS');
    expect((await list()).map((x) => x.Name)).not.toContain('Limited wide');
  });
});

describe('who may receive it', () => {
  it('refuses a recipient who cannot open every account of a company-wide report, naming them (400, nothing written)', async () => {
    const reply = await saveAs(c.analyst, WIDE('Client wide', [c.analyst.email, c.client.email]));
    expectError(reply, 400);
    expect(reply.body.ErrorCode).toBe('FIELD_INVALID');
    expect(reply.body.ErrorParams).toMatchObject({
      field: 'schedule.Recipients.1',
      reason: 'RECIPIENT_NO_ACCESS',
      address: c.client.email,
    });
    expect(reply.body.ErrorMessage).toContain(c.client.email);
    expect((await list()).map((x) => x.Name)).not.toContain('Client wide');
  });

  it('a report limited to an account goes to a user who may open that account, not to one who may not', async () => {
    const main = {
      ...WIDE('Main only', [c.client.email, limited.email]),
      Filters: { groupBy: 'activity', accountId: c.accounts.main.ID },
    };
    expectOk(await saveAs(c.analyst, main));
    const other = {
      ...WIDE('Other only', [limited.email]),
      Filters: { groupBy: 'activity', accountId: c.accounts.other.ID },
    };
    const reply = await saveAs(c.analyst, other);
    expectError(reply, 400);
    expect(reply.body.ErrorParams).toMatchObject({
      field: 'schedule.Recipients.0',
      reason: 'RECIPIENT_NO_ACCESS',
      address: limited.email,
    });
  });

  it('at each send, a recipient who lost access is skipped and the log says so; the others receive it', async () => {
    const reader = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports]);
    const s = expectOk(
      await saveAs(c.analyst, WIDE('Lost access', [c.analyst.email, reader.email])),
    ) as ReportScheduleView;
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(c.companyId, reader.sub),
        UpdateExpression: 'SET accountAccess = :a',
        ExpressionAttributeValues: { ':a': [c.accounts.main.ID] },
      }),
    );
    await run(new Date(s.NextRunAt));
    expect(received('Lost access')).toEqual([c.analyst.email]);
    const [entry] = await sendLog(s.Id);
    expect(entry).toMatchObject({ Status: 'sent', Recipients: 1 });
    expect(entry.Reason).toContain(`RECIPIENT_NO_ACCESS: ${reader.email}`);
  });

  it('a send with no recipient left who may read it fails, and mails nobody', async () => {
    const reader = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports]);
    const s = expectOk(await saveAs(c.analyst, WIDE('Nobody left', [reader.email]))) as ReportScheduleView;
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(c.companyId, reader.sub),
        UpdateExpression: 'SET #s = :d',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'disabled' },
      }),
    );
    await run(new Date(s.NextRunAt));
    expect(received('Nobody left')).toEqual([]);
    const [entry] = await sendLog(s.Id);
    expect(entry).toMatchObject({ Status: 'failed', MessageIds: [] });
    expect(entry.Reason).toContain(`RECIPIENT_NO_ACCESS: ${reader.email}`);
  });
});
