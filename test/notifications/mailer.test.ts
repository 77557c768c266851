import { GetCommand, QueryCommand, UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { MailError, sesMailer, type Mail } from '../../lambdas/aws/ses-mailer';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { versionKeys } from '../../lambdas/modules/media-plans/store/items';
import { notificationKeys } from '../../lambdas/modules/notifications/store.dynamodb';
import { submitVersion } from '../../lambdas/modules/media-plans/plans';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { notifyPlanChanges } from '../../lambdas/streams/notify-plan-changes';
import { catcherPage, startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { seedDraft } from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { makeCompany, useTestTable, type Company } from '../support/world';

/**
 * The Mailer's SES v2 client against the local SES server (local/fakes/ses-server.ts): the wire
 * format and signature, each fault SES can answer (throttled and server errors retried with a bounded
 * backoff; a malformed reply, an expired token, a wrong key given up at once), and, through the
 * stream handler, that a mail that fails never loses the in-app notification nor fails the batch.
 */
let ses: FakeSes;
const delays: number[] = [];
const FROM = 'Mixdesk <notifications@mixdesk.test>';
const mailer = (o: { secret?: string; maxAttempts?: number } = {}) =>
  sesMailer({
    from: FROM,
    region: 'eu-west-1',
    endpoint: ses.endpoint,
    maxAttempts: o.maxAttempts,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: o.secret ?? 'local' }),
    sleep: async (ms) => void delays.push(ms),
  });
const MAIL: Mail = {
  to: 'dana@agency.test',
  subject: 'Mixdesk: hello <there>',
  text: 'Line one\nשורה שתיים',
  html: '<p>Hi</p>',
};

beforeAll(async () => {
  useTestTable();
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
});
afterAll(() => ses.stop());
beforeEach(() => {
  ses.clear();
  delays.length = 0;
});

it('sends SendEmail as SES v2 wants it, signed, and returns the MessageId', async () => {
  const id = await mailer().send(MAIL);
  const [caught] = ses.mails();
  expect(caught).toMatchObject({
    MessageId: id,
    From: FROM,
    To: ['dana@agency.test'],
    Subject: MAIL.subject,
    Text: MAIL.text,
    Html: MAIL.html,
  });
});

it('sends attachments as SES v2 Simple.Attachments (base64 RawContent) and the fake keeps them, a Hebrew subject untouched', async () => {
  const file = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x80]);
  const subject = 'דוח חודשי: נובמבר 2026';
  const id = await mailer().send({
    ...MAIL,
    subject,
    attachments: [
      {
        fileName: 'דוח-2026-11-01-2026-11-30.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: file,
      },
    ],
  });
  const listed = (await (await fetch(`${ses.endpoint}/_fake/mails`)).json()) as Array<{
    MessageId: string;
    Subject: string;
    Attachments: Array<{ FileName: string; ContentType: string; Base64: string }>;
  }>;
  const caught = listed.find((m) => m.MessageId === id)!;
  expect(caught.Subject).toBe(subject);
  expect(caught.Attachments).toEqual([
    {
      FileName: 'דוח-2026-11-01-2026-11-30.xlsx',
      ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      Base64: file.toString('base64'),
    },
  ]);
  expect(Buffer.from(caught.Attachments[0].Base64, 'base64').equals(file)).toBe(true);
  // A mail without attachments carries none.
  await mailer().send(MAIL);
  expect(ses.mails()[0].Attachments).toEqual([]);
});

it('retries a throttled mail with its attachment and sends it whole', async () => {
  ses.injectFault('throttle');
  const file = Buffer.from('not really a spreadsheet');
  await mailer().send({
    ...MAIL,
    attachments: [{ fileName: 'r.xlsx', contentType: 'application/octet-stream', content: file }],
  });
  expect(ses.mails()).toHaveLength(1);
  expect(Buffer.from(ses.mails()[0].Attachments[0].Base64, 'base64').toString()).toBe('not really a spreadsheet');
});

it('the fake refuses an attachment that is not base64, as SES would (a bad request, not retried)', async () => {
  const res = await fetch(`${ses.endpoint}/v2/email/outbound-emails`, { method: 'POST', body: '{}' });
  expect(res.status).toBe(403); // unsigned: refused before the body is read
  const signedBad = sesMailer({
    from: FROM,
    region: 'eu-west-1',
    endpoint: ses.endpoint,
    credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
    sleep: async () => undefined,
  });
  // A content Buffer always encodes to base64; a file name is required.
  const err = await signedBad
    .send({ ...MAIL, attachments: [{ fileName: '', contentType: 'text/plain', content: Buffer.from('x') }] })
    .catch((e: unknown) => e);
  expect(err).toMatchObject({ name: 'MailError', code: 'BadRequestException', status: 400, attempts: 1 });
  expect(ses.mails()).toEqual([]);
});

it('retries throttling and server errors with a bounded, growing backoff, then succeeds', async () => {
  const before = ses.requests();
  ses.injectFault('throttle');
  ses.injectFault('serverError');
  await mailer().send(MAIL);
  expect(ses.requests() - before).toBe(3);
  expect(ses.mails()).toHaveLength(1);
  expect(delays).toHaveLength(2);
  expect(delays[0]).toBeLessThanOrEqual(200);
  expect(delays[1]).toBeLessThanOrEqual(400);
});

it('gives up after its attempts when SES keeps throttling, naming the code', async () => {
  const before = ses.requests();
  ses.injectFault('throttle', 3);
  const err = await mailer({ maxAttempts: 3 })
    .send(MAIL)
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(MailError);
  expect(err).toMatchObject({ code: 'TooManyRequestsException', status: 429, attempts: 3 });
  expect(ses.requests() - before).toBe(3);
  expect(ses.mails()).toEqual([]);
  // Every fault was used up by the three attempts: the next mail goes through.
  await mailer().send(MAIL);
  expect(ses.mails()).toHaveLength(1);
});

it.each([
  ['malformed', 'MalformedReply', 200],
  ['expiredToken', 'ExpiredTokenException', 403],
] as const)('gives up at once on %s (no retry can help)', async (fault, code, status) => {
  const before = ses.requests();
  ses.injectFault(fault);
  const err = await mailer()
    .send(MAIL)
    .catch((e: unknown) => e);
  expect(err).toMatchObject({ name: 'MailError', code, status, attempts: 1 });
  expect(ses.requests() - before).toBe(1);
  expect(ses.mails()).toEqual([]);
});

it('is refused with a wrong secret (the fake checks the signature)', async () => {
  const err = await mailer({ secret: 'wrong' })
    .send(MAIL)
    .catch((e: unknown) => e);
  expect(err).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403, attempts: 1 });
});

it('shows caught mails newest first on the catcher page, escaped', async () => {
  await mailer().send({ ...MAIL, subject: 'oldest-mail' });
  await mailer().send({ ...MAIL, subject: '<script>alert(1)</script>' });
  const page = await (await fetch(`${ses.endpoint}/`)).text();
  expect(page.indexOf('&lt;script&gt;alert(1)&lt;/script&gt;')).toBeGreaterThan(0);
  expect(page).not.toContain('<script>alert');
  expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('oldest-mail'));
  expect(catcherPage([])).toContain('No mail yet');
});

it("the catcher makes a mail's web addresses links, and only http(s) ones", () => {
  const mail = (Text: string) => ({
    MessageId: 'm1',
    From: FROM,
    To: ['v@vendor.test'],
    Subject: 's',
    Text,
    At: 'now',
    Html: '',
    Attachments: [],
  });
  const page = catcherPage([mail('Open http://127.0.0.1:3001/order-acceptance?t=a.b&x=1 now; javascript:alert(1)')]);
  expect(page).toContain('<a href="http://127.0.0.1:3001/order-acceptance?t=a.b&amp;x=1">');
  expect(page).not.toContain('href="javascript');
  const pre = /<pre[^>]*>([\s\S]*)<\/pre>/.exec(catcherPage([mail('"><img src=x> https://x.test/a"><b>')]))![1];
  expect(pre).toBe('&quot;&gt;&lt;img src=x&gt; <a href="https://x.test/a">https://x.test/a</a>&quot;&gt;&lt;b&gt;');
});

describe('through the stream handler', () => {
  let c: Company;
  beforeAll(async () => {
    c = await makeCompany('Mail Agency'); // DefaultLocale 'he'
  });

  async function submittedRecord(co = c) {
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
    await settleStreams(); // the global poller (no mailer) writes the notifications first, as a delivery without mail would
    const event = {
      Records: [
        {
          eventName: 'MODIFY',
          dynamodb: { SequenceNumber: '7', OldImage: marshall(before), NewImage: marshall(after) },
        },
      ],
    } as unknown as DynamoDBStreamEvent;
    return { p, event };
  }
  const item = async (sub: string, versionId: number) => {
    const { Items } = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': notificationKeys.partition(c.companyId, sub) },
      }),
    );
    return (Items ?? []).find((i) => i.MediaMixId === versionId);
  };

  it('mails each recipient once, in the company language, with the plan link; a redelivery sends nothing again', async () => {
    const { p, event } = await submittedRecord();
    const handle = notifyPlanChanges({ mailer: mailer(), consoleUrl: 'http://localhost:3000' });
    expect(await handle(event)).toEqual({ batchItemFailures: [] });
    const mails = ses.mails();
    expect(mails.map((m) => m.To[0]).sort()).toEqual([c.admin.email, c.approver.email].sort());
    expect(mails[0].Subject).toBe(`Mixdesk: גרסה 1 של ${p.activity.Name} ממתינה לאישורך`);
    expect(mails[0].Text).toContain(`${c.planner.name} הגיש/ה לאישור`);
    expect(mails[0].Text).toContain(
      `http://localhost:3000/accounts/${c.accounts.main.ID}/activities/${p.activity.ID}/mediaMix/list?version=${p.planVersion.ID}`,
    );
    expect((await item(c.approver.sub, p.planVersion.ID))?.MailedAt).toEqual(expect.any(String));
    expect(await handle(event)).toEqual({ batchItemFailures: [] });
    expect(ses.mails()).toHaveLength(2);
  });

  it.each([
    {
      locale: 'fr',
      subject: (activity: string) => `Mixdesk: la version 1 de ${activity} attend votre approbation`,
      sentence: "a soumis à l'approbation la version 1 du plan média de l'activité",
      open: 'Ouvrir le plan : http://localhost:3000/',
    },
    {
      locale: 'zh',
      subject: (activity: string) => `Mixdesk: ${activity} 的第 1 版正在等待您审批`,
      sentence: '媒介计划的第 1 版，等待审批。',
      open: '打开计划：http://localhost:3000/',
    },
  ])('mails in the company language when it is $locale: subject, body, lang and dir', async (k) => {
    const co = await makeCompany(`Mail Agency ${k.locale}`);
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(co.companyId),
        UpdateExpression: 'SET DefaultLocale = :l',
        ExpressionAttributeValues: { ':l': k.locale },
      }),
    );
    const { p, event } = await submittedRecord(co);
    await notifyPlanChanges({ mailer: mailer(), consoleUrl: 'http://localhost:3000' })(event);
    const mails = ses.mails();
    expect(mails.map((m) => m.To[0]).sort()).toEqual([co.admin.email, co.approver.email].sort());
    expect(mails[0].Subject).toBe(k.subject(p.activity.Name));
    expect(mails[0].Text).toContain(k.sentence);
    expect(mails[0].Text).toContain(k.open);
    expect(mails[0].Html).toContain(`<div dir="ltr" lang="${k.locale}">`);
    expect(mails[0].Html).not.toContain('dir="rtl"');
  });

  it('keeps the notification and the batch when the mail fails; a later delivery mails what was not mailed', async () => {
    const { p, event } = await submittedRecord();
    ses.injectFault('expiredToken', 2);
    const handle = notifyPlanChanges({ mailer: mailer(), consoleUrl: 'http://localhost:3000' });
    expect(await handle(event)).toEqual({ batchItemFailures: [] });
    expect(ses.mails()).toEqual([]);
    const stored = await item(c.approver.sub, p.planVersion.ID);
    expect(stored).toMatchObject({ Kind: 'submitted' });
    expect(stored?.MailedAt).toBeUndefined();
    expect(await handle(event)).toEqual({ batchItemFailures: [] });
    expect(
      ses
        .mails()
        .map((m) => m.To[0])
        .sort(),
    ).toEqual([c.admin.email, c.approver.email].sort());
  });
});
