import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { GetCommand, UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { sesMailer, type Mail } from '../../lambdas/aws/ses-mailer';
import { submitVersion } from '../../lambdas/modules/media-plans/plans';
import { versionKeys } from '../../lambdas/modules/media-plans/store/items';
import { runDueReportSchedules } from '../../lambdas/modules/reports/schedule-runs';
import { resetUnsubscribeKey } from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';
import type { ReportScheduleView } from '../../lambdas/modules/reports/replies/report-schedules';
import { notifyPlanChanges } from '../../lambdas/streams/notify-plan-changes';
import { startFakeSes, type CaughtMail, type FakeSes } from '../../local/fakes/ses-server';
import { expectOk } from '../media-plans/helpers';
import { pngOf } from '../support/images';
import { seedDraft } from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { picturesOf } from '../support/xlsx-images';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The company's logo in the mails sent on its behalf, through the local SES: an inline part
 * (disposition INLINE, a Content-ID) with the uploaded bytes, shown first in the HTML as `cid:` with
 * the company's name as alt text (escaped) — plan notifications, scheduled reports (their Excel file
 * too) and the confirmation mail to an outside address; read once per batch of mails; a company
 * without a logo gets its mails as before.
 */
const LOGO = pngOf(300, 60);
/** A company name with markup in it: it reaches the mail as the alt text only, escaped. */
const NAME = 'ACME <b>"Media"</b> & Co';
const OUTSIDE = 'dana@outside-client.test';
let ses: FakeSes;
let withLogo: Company;
let without: Company;
const mailer = () =>
  sesMailer({
    from: 'Mixdesk <mail@mixdesk.test>',
    region: 'local',
    endpoint: ses.endpoint,
    sleep: async () => undefined,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
  });

beforeAll(async () => {
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  delete process.env.UNSUBSCRIBE_KEY;
  resetUnsubscribeKey();
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  [withLogo, without] = await Promise.all([makeCompany('Logo Mail Agency'), makeCompany('Plain Mail Agency')]);
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(withLogo.companyId),
      UpdateExpression: 'SET #n = :n',
      ExpressionAttributeNames: { '#n': 'Name' },
      ExpressionAttributeValues: { ':n': NAME },
    }),
  );
  const r = await invoke('ConfigurationsService', 'SaveCompanyLogo', {
    as: withLogo.admin,
    body: { Logo: LOGO.toString('base64') },
  });
  expect(r.status).toBe(200);
});
afterAll(() => ses.stop());
beforeEach(() => ses.clear());

/** Requests to the local S3 for a company's logo objects while `run` runs (fetch observed, not replaced). */
async function logoReads(companyId: number, run: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(globalThis, 'fetch');
  try {
    await run();
    return spy.mock.calls.filter(([url]) => String(url).includes(`/logos/${companyId}/`)).length;
  } finally {
    spy.mockRestore();
  }
}

const inlineParts = (m: CaughtMail) => m.Attachments.filter((a) => a.ContentDisposition === 'INLINE');

/** The mail shows the logo: one inline part with its bytes, named first in the HTML by its cid, alt the company's name escaped. */
function expectLogo(m: CaughtMail) {
  const [part] = inlineParts(m);
  expect(inlineParts(m)).toHaveLength(1);
  expect(part).toMatchObject({ FileName: 'logo.png', ContentType: 'image/png', ContentId: 'company-logo' });
  expect(Buffer.from(part.Base64, 'base64').equals(LOGO)).toBe(true);
  const img = /<img src="cid:company-logo" alt="([^"]*)" width="200" height="40"/.exec(m.Html);
  expect(img?.[1]).toBe('ACME &lt;b&gt;&quot;Media&quot;&lt;/b&gt; &amp; Co');
  expect(m.Html).not.toContain('<b>"Media"');
  // First: before any of the mail's own words.
  expect(m.Html.indexOf('<img')).toBeLessThan(m.Html.search(/<(div|table|p)\b(?! style="margin:0 0 16px")/));
}

it('the mailer sends a logo as an INLINE part with a Content-ID, first in the HTML; without one, or without HTML, nothing is added', async () => {
  const mail: Mail = { to: 'x@agency.test', subject: 'S', text: 'T', html: '<html><body><p>Hi</p></body></html>' };
  const logo = { bytes: LOGO, contentType: 'image/png' as const, alt: NAME };
  await mailer().send({ ...mail, logo });
  const [m] = ses.mails();
  expectLogo(m);
  expect(m.Html.startsWith('<html><body><p style="margin:0 0 16px"><img src="cid:company-logo"')).toBe(true);
  expect(m.Text).toBe('T');

  await mailer().send(mail);
  expect(ses.mails()[0]).toMatchObject({ Html: mail.html, Attachments: [] });
  await mailer().send({ ...mail, html: undefined, logo });
  expect(ses.mails()[0]).toMatchObject({ Html: '', Attachments: [] });
});

describe('plan notifications', () => {
  async function submittedRecord(co: Company): Promise<DynamoDBStreamEvent> {
    const p = await seedDraft(co);
    const key = versionKeys.header(co.companyId, p.planVersion.ID);
    const read = async () =>
      (await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
    const before = await read();
    await submitVersion(co.planner, p.activity.AccountId, {
      mediaMixId: p.planVersion.ID,
      version: p.planVersion.version,
    });
    const after = await read();
    await settleStreams(); // the global poller (no mailer) writes the notifications first
    return {
      Records: [
        {
          eventName: 'MODIFY',
          dynamodb: { SequenceNumber: '7', OldImage: marshall(before), NewImage: marshall(after) },
        },
      ],
    } as unknown as DynamoDBStreamEvent;
  }

  it('each approver’s mail shows the logo, read once for the event; a company without a logo mails as before', async () => {
    const event = await submittedRecord(withLogo);
    const reads = await logoReads(withLogo.companyId, () => notifyPlanChanges({ mailer: mailer() })(event));
    const mails = ses.mails();
    expect(mails.map((m) => m.To[0]).sort()).toEqual([withLogo.admin.email, withLogo.approver.email].sort());
    for (const m of mails) expectLogo(m);
    expect(reads).toBe(1);

    ses.clear();
    await notifyPlanChanges({ mailer: mailer() })(await submittedRecord(without));
    expect(ses.mails()).toHaveLength(2);
    for (const m of ses.mails()) {
      expect(m.Attachments).toEqual([]);
      expect(m.Html).not.toContain('cid:');
    }
  });
});

describe('scheduled reports', () => {
  const save = async (c: Company, recipients: string[]) =>
    expectOk(
      await invoke('ReportsService', 'SaveReportSchedule', {
        as: c.analyst,
        body: {
          schedule: {
            Name: 'Logo daily',
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
  const run = (c: Company, now: Date) =>
    runDueReportSchedules(now, {
      mailer: mailer(),
      unsubscribeUrl: 'http://api.test/unsubscribe',
      confirmUrl: 'http://api.test/confirm-recipient',
      companyIds: [c.companyId],
    });

  it('the report mail and its Excel file, and the confirmation mail, show the logo, read once for the run', async () => {
    const s = await save(withLogo, [withLogo.analyst.email, withLogo.planner.email, OUTSIDE]);
    const reads = await logoReads(withLogo.companyId, () => run(withLogo, new Date(s.NextRunAt)));
    expect(reads).toBe(1);
    const reports = ses.mails().filter((m) => m.Subject.includes('Logo daily'));
    expect(reports.map((m) => m.To[0]).sort()).toEqual([withLogo.analyst.email, withLogo.planner.email].sort());
    for (const m of reports) {
      expectLogo(m);
      const file = m.Attachments.find((a) => a.FileName.endsWith('.xlsx'))!;
      const [[picture]] = await picturesOf(Buffer.from(file.Base64, 'base64'));
      expect(picture.bytes.equals(LOGO)).toBe(true);
    }
    const [ask] = ses.mails().filter((m) => m.To[0] === OUTSIDE);
    expect(ask.Subject).toBe('Mixdesk: confirm that you want to receive scheduled reports');
    expectLogo(ask);
  });

  it('without a logo: no inline part, no picture in the file', async () => {
    const s = await save(without, [without.analyst.email]);
    await run(without, new Date(s.NextRunAt));
    const [m] = ses.mails().filter((x) => x.Subject.includes('Logo daily'));
    expect(m.Attachments.map((a) => a.FileName)).toEqual([expect.stringMatching(/\.xlsx$/)]);
    expect(m.Html).not.toContain('cid:');
    expect(await picturesOf(Buffer.from(m.Attachments[0].Base64, 'base64'))).toEqual([[]]);
  });
});
