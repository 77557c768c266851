import { createHash } from 'node:crypto';
import { readLink, signLink } from '../../lambdas/core/signed-link';
import { DEV_LINK_KEY } from '../../lambdas/aws/link-key';
import { getObject, listKeys, putObject } from '../../lambdas/aws/s3';
import { handler } from '../../lambdas/public/order-acceptance';
import { revokeOrderFor } from '../../lambdas/modules/orders/orders';
import { orderFiles } from '../../lambdas/modules/orders/order-files.s3';
import type { OrderFiles } from '../../lambdas/modules/orders/order-files';
import { sendOrderFor } from '../../lambdas/modules/orders/sending';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { approvedOrderWithContacts, SIGNED_PDF } from '../support/fixtures/orders-service';
import { invoke, makeCompany, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * SendOrder and the order's public page on DynamoDB Local, the local S3 and the local SES server
 * (docs/buy-side.md "Sending and acceptance"): an approved order goes to the vendor's confirmed
 * contacts with a signed link; the page shows it, accepts it once (who, typed name, IP, the SHA-256
 * of the PDF stored), refuses a second decision, expired, forged and outdated links.
 */
const KEY = Buffer.from(DEV_LINK_KEY, 'utf8');
const PAGE = 'http://api.test/order-acceptance';
let ses: FakeSes;

beforeAll(async () => {
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  process.env.MAIL_FROM = 'Mixdesk <orders@mixdesk.test>';
  process.env.SES_ENDPOINT = ses.endpoint;
  process.env.ORDER_ACCEPT_URL = PAGE;
  delete process.env.LINK_KEY_SECRET_ARN;
  delete process.env.LINK_KEY;
});
afterAll(async () => {
  delete process.env.MAIL_FROM;
  delete process.env.SES_ENDPOINT;
  delete process.env.ORDER_ACCEPT_URL;
  await ses.stop();
});

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const send = (co: Company, accountId: number, body: Record<string, unknown>, as = co.approver) =>
  invoke('OrdersService', 'SendOrder', { as, body, accountId });

const approvedOrder = approvedOrderWithContacts;

const record = (co: Company, accountId: number, orderId: number, uploadKey: string) =>
  invoke('OrdersService', 'RecordOfflineAcceptance', { as: co.approver, body: { orderId, uploadKey }, accountId });

/** The vendor's signed copy, put where the upload form would POST it: its upload key. */
async function uploadSignedCopy(co: Company, accountId: number, orderId: number): Promise<string> {
  const form = ok(
    await invoke('OrdersService', 'GetOfflineAcceptanceUploadUrl', {
      as: co.approver,
      body: { orderId, contentType: 'application/pdf', size: SIGNED_PDF.length },
      accountId,
    }),
  );
  await putObject({ bucket: process.env.CREATIVES_BUCKET!, key: form.UploadKey }, SIGNED_PDF, 'application/pdf');
  return form.UploadKey;
}

const tokenIn = (text: string) => /http:\/\/api\.test\/order-acceptance\?t=(\S+)/.exec(text)?.[1];
const open = (t: string | undefined, method: 'GET' | 'POST', body?: string, q: Record<string, string> = {}) =>
  handler({
    queryStringParameters: t === undefined ? q : { t, ...q },
    requestContext: { http: { method, sourceIp: '203.0.113.7' } },
    body: body ?? null,
  });
/** Newest first. */
const mailsTo = (address: string) => ses.mails().filter((m) => m.To[0] === address);

describe('OrdersService.SendOrder', () => {
  it('stores PDF and Excel, records the send, mails the confirmed contact a 14-day signed link with the PDF; audited', async () => {
    const co = await makeCompany('Sending Agency');
    const o = await approvedOrder(co);
    const before = Date.now();
    const out = ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: o.version,
        contactEmails: ['Dana@Vendor.example'],
        instructions: 'Run <b>only</b> on weekdays & "prime time"',
        language: 'he',
      }),
    );
    expect(out.Mailed).toEqual(['dana@vendor.example']);
    expect(out.NotMailed).toEqual([]);
    const s = out.Order.Send;
    expect(s).toMatchObject({
      OrderVersion: o.Version,
      SentBy: co.approver.email,
      Recipients: ['dana@vendor.example'],
      Language: 'he',
      Instructions: 'Run <b>only</b> on weekdays & "prime time"',
      Current: true,
      Decision: null,
    });
    // 14 days after the send, to the second.
    expect(Date.parse(s.ExpiresAt) - Date.parse(s.SentAt)).toBe(14 * 86_400_000);
    expect(Date.parse(s.SentAt)).toBeGreaterThanOrEqual(before - 1000);

    const mail = mailsTo('dana@vendor.example')[0];
    expect(mail.Subject).toBe(
      `הזמנת מדיה IO-${new Date().getUTCFullYear()}-${String(o.ID).padStart(4, '0')} מאת Sending Agency`,
    );
    // The instructions are data: escaped in the HTML, as they are in the text.
    expect(mail.Html).toContain('Run &lt;b&gt;only&lt;/b&gt; on weekdays &amp; &quot;prime time&quot;');
    expect(mail.Html).not.toContain('<b>only</b>');
    expect(mail.Html).toContain('dir="rtl"');
    expect(mail.Text).toContain('הקישור בתוקף 14 ימים.');
    expect(mail.Attachments).toHaveLength(1);
    const attached = Buffer.from(mail.Attachments[0].Base64, 'base64');
    expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The stored PDF is the one attached, and its SHA-256 the one recorded.
    const stored = await getObject({
      bucket: process.env.CREATIVES_BUCKET!,
      key: `orders/${co.companyId}/${o.ID}/`.concat((await storedNonce(co, o.ID))!, '.pdf'),
    });
    expect(stored).toBeDefined();
    const sha = createHash('sha256').update(stored!.body).digest('hex');
    expect(sha).toBe(s.PdfSha256);
    expect(createHash('sha256').update(attached).digest('hex')).toBe(s.PdfSha256);
    const xlsx = await getObject({
      bucket: process.env.CREATIVES_BUCKET!,
      key: `orders/${co.companyId}/${o.ID}/${await storedNonce(co, o.ID)}.xlsx`,
    });
    expect(createHash('sha256').update(xlsx!.body).digest('hex')).toBe(s.XlsxSha256);

    const t = tokenIn(mail.Text)!;
    expect(readLink(KEY, 'io-accept', t, new Date())).toMatchObject({
      ok: true,
      fields: [String(co.companyId), String(o.ID), await storedNonce(co, o.ID), 'dana@vendor.example'],
    });
    // Audited: the entry of the send names who and carries the send.
    const audits = (await tableSnapshot()).filter(
      (i) => i.includes('"entity":"Order"') && i.includes(`"entityId":"${o.ID}"`) && i.includes('"action":"update"'),
    );
    expect(audits.filter((i) => i.includes(`"who":"${co.approver.email}"`) && i.includes('"Nonce"'))).toHaveLength(1);
  });

  it('refuses an unconfirmed or foreign contact, a draft order, a planner; each writes nothing', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const items = await tableSnapshot();
    const mails = ses.mails().length;
    const unconfirmed = await send(co, o.AccountId, {
      orderId: o.ID,
      version: o.version,
      contactEmails: ['dana@vendor.example', 'avi@vendor.example'],
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({
      ErrorCode: 'CONTACT_NOT_CONFIRMED',
      ErrorParams: { field: 'contactEmails', email: 'avi@vendor.example' },
    });
    const foreign = await send(co, o.AccountId, {
      orderId: o.ID,
      version: o.version,
      contactEmails: ['someone@elsewhere.example'],
    });
    expect(foreign.body.ErrorCode).toBe('CONTACT_NOT_CONFIRMED');
    const planner = await send(
      co,
      o.AccountId,
      { orderId: o.ID, version: o.version, contactEmails: ['dana@vendor.example'] },
      co.planner,
    );
    expect(planner.status).toBe(403);
    const revoked = await revokeOrderFor(co.approver, o.AccountId, {
      orderId: o.ID,
      version: o.version,
      reason: 'Dates',
    });
    const snapshot = await tableSnapshot();
    const draft = await send(co, o.AccountId, {
      orderId: o.ID,
      version: revoked.version,
      contactEmails: ['dana@vendor.example'],
    });
    expect(draft.status).toBe(409);
    expect(draft.body).toMatchObject({ ErrorCode: 'ORDER_NOT_APPROVED', ErrorParams: { id: o.ID } });
    expect(await tableSnapshot()).toEqual(snapshot);
    expect(items.length).toBeLessThan(snapshot.length); // the revoke itself wrote
    expect(ses.mails()).toHaveLength(mails);
  });

  it('a send refused after its files were stored keeps none of them, and mails no one', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const sent = () => listKeys(process.env.CREATIVES_BUCKET!, `orders/${co.companyId}/${o.ID}/`);
    const mails = ses.mails().length;
    const input = { orderId: o.ID, version: o.version, contactEmails: ['dana@vendor.example'] };
    // The order is revoked by someone else once both files are stored: the send's write is refused.
    let stored = 0;
    const overtaken: OrderFiles = {
      ...orderFiles,
      put: async (key, bytes, type) => {
        await orderFiles.put(key, bytes, type);
        if (++stored === 2)
          await revokeOrderFor(co.approver, o.AccountId, { orderId: o.ID, version: o.version, reason: 'Dates' });
      },
    };
    const refused = await sendOrderFor(co.approver, o.AccountId, input, { files: overtaken }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    expect(stored).toBe(2);
    expect(await sent()).toEqual([]);
    // The workbook failing after the PDF was stored: the PDF is taken away again.
    const revoked = ok(
      await invoke('OrdersService', 'GetOrder', { as: co.approver, body: { orderId: o.ID }, accountId: o.AccountId }),
    );
    expect(revoked.Status).not.toBe('approved');
    const o2 = await approvedOrder(co);
    const failing: OrderFiles = {
      ...orderFiles,
      put: async (key, bytes, type) => {
        if (key.endsWith('.xlsx')) throw new Error('storage refused the workbook');
        await orderFiles.put(key, bytes, type);
      },
    };
    const failed = await sendOrderFor(
      co.approver,
      o2.AccountId,
      { ...input, orderId: o2.ID, version: o2.version },
      { files: failing },
    ).catch((e: unknown) => e);
    expect((failed as Error).message).toBe('storage refused the workbook');
    expect(await listKeys(process.env.CREATIVES_BUCKET!, `orders/${co.companyId}/${o2.ID}/`)).toEqual([]);
    expect(ses.mails()).toHaveLength(mails);
  });
});

/** The send's nonce as stored (the order item, read through the table). */
async function storedNonce(co: Company, orderId: number): Promise<string | undefined> {
  const item = (await tableSnapshot()).find(
    (i) =>
      i.includes(`"C#${co.companyId}"`) &&
      i.includes(`"ORDER#`) &&
      i.includes(`"ID":${orderId},`) &&
      i.includes('"Nonce"'),
  );
  return item ? /"Nonce":"([^"]+)"/.exec(item)?.[1] : undefined;
}

describe('the order page (lambdas/public/order-acceptance.ts)', () => {
  it('GET shows the order; POST accept records who, the typed name, the IP and the SHA-256; a second decision is refused', async () => {
    const co = await makeCompany('Page Agency');
    const o = await approvedOrder(co);
    const out = ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: o.version,
        contactEmails: ['dana@vendor.example'],
        instructions: 'Weekdays <only>',
        language: 'en',
      }),
    );
    const t = tokenIn(mailsTo('dana@vendor.example')[0].Text)!;
    const shown = await open(t, 'GET');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<h1>Page Agency</h1>');
    expect(shown.body).toContain(o.VendorName);
    expect(shown.body).toContain('Weekdays &lt;only&gt;');
    expect(shown.body).toContain('name="typedName"');
    // Opening writes nothing.
    const before = await tableSnapshot();
    await open(t, 'GET');
    expect(await tableSnapshot()).toEqual(before);

    const pdf = await open(t, 'GET', undefined, { file: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.isBase64Encoded).toBe(true);
    expect(createHash('sha256').update(Buffer.from(pdf.body, 'base64')).digest('hex')).toBe(out.Order.Send.PdfSha256);

    const missing = await open(t, 'POST', 'decision=accept&typedName=%20');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Type your full name to accept.');
    expect(await tableSnapshot()).toEqual(before);

    const accepted = await open(t, 'POST', 'decision=accept&typedName=Dana%20Levi');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('Accepted by Dana Levi (dana@vendor.example)');
    const view = ok(
      await invoke('OrdersService', 'GetOrder', { as: co.planner, body: { orderId: o.ID }, accountId: o.AccountId }),
    );
    expect(view.Send.Decision).toEqual({
      Kind: 'accepted',
      By: 'dana@vendor.example',
      TypedName: 'Dana Levi',
      Reason: null,
      At: expect.any(String),
      Ip: '203.0.113.7',
      DocumentSha256: out.Order.Send.PdfSha256,
    });

    // The sender hears of it: under the bell (opening the order) and by mail.
    const bell = ok(await invoke('NotificationsService', 'GetNotifications', { as: co.approver, body: {} }));
    expect(bell.Items[0]).toMatchObject({
      Kind: 'orderAccepted',
      OrderId: o.ID,
      AccountId: o.AccountId,
      ActorName: 'Dana Levi (dana@vendor.example)',
      Read: false,
    });
    const told = mailsTo(co.approver.email)[0];
    // In the company's language (Hebrew here).
    expect(told.Subject).toBe(
      `${o.VendorName} אישר/ה את הזמנת המדיה IO-${view.createdAt.slice(0, 4)}-${String(o.ID).padStart(4, '0')}`,
    );

    const after = await tableSnapshot();
    const again = await open(t, 'POST', 'decision=reject&reason=Too%20late');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order was answered already; the link cannot be used again.');
    expect(again.body).toContain('Accepted by Dana Levi');
    expect(await tableSnapshot()).toEqual(after);
  });

  it('forged (400), expired (410) and outdated by a new send or a revoke (404) links explain themselves, in the send language', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: o.version,
        contactEmails: ['dana@vendor.example'],
        language: 'fr',
      }),
    );
    const first = tokenIn(mailsTo('dana@vendor.example')[0].Text)!;

    // A character inside the signature (its last carries unused bits; one already 'x' would change nothing).
    const at = first.length - 5;
    const forged = await open(`${first.slice(0, at)}${first[at] === 'x' ? 'y' : 'x'}${first.slice(at + 1)}`, 'GET');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('הקישור אינו תקין');
    expect(forged.body).toContain('This link is not valid.');
    expect((await open(undefined, 'POST', 'decision=accept&typedName=X')).statusCode).toBe(400);

    // A genuine token whose expiry has passed: signed with the same key, fields of the real send.
    const fields = readLink(KEY, 'io-accept', first, new Date());
    if (!fields.ok) throw new Error('the mailed link should open');
    const expired = signLink(KEY, 'io-accept', fields.fields, new Date(Date.now() - 1000));
    const gone = await open(expired, 'POST', 'decision=accept&typedName=Dana');
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Ce lien a expiré.');

    // Sent again: the first link is outdated, the new one opens.
    const view = ok(
      await invoke('OrdersService', 'GetOrder', { as: co.planner, body: { orderId: o.ID }, accountId: o.AccountId }),
    );
    ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: view.version,
        contactEmails: ['dana@vendor.example'],
        language: 'fr',
      }),
    );
    const second = tokenIn(mailsTo('dana@vendor.example')[0].Text)!;
    const outdated = await open(first, 'GET');
    expect(outdated.statusCode).toBe(404);
    expect(outdated.body).toContain('Ce lien a été remplacé');
    expect((await open(second, 'GET')).statusCode).toBe(200);

    // Revoked: the newest link is outdated too, and a decision writes nothing.
    const now = ok(
      await invoke('OrdersService', 'GetOrder', { as: co.planner, body: { orderId: o.ID }, accountId: o.AccountId }),
    );
    await revokeOrderFor(co.approver, o.AccountId, { orderId: o.ID, version: now.version, reason: 'Dates' });
    const snapshot = await tableSnapshot();
    const refused = await open(second, 'POST', 'decision=accept&typedName=Dana');
    expect(refused.statusCode).toBe(404);
    expect(await tableSnapshot()).toEqual(snapshot);
  });

  it('POST reject records the reason; the sender is told under the bell with it', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: o.version,
        contactEmails: ['dana@vendor.example'],
        language: 'en',
      }),
    );
    const t = tokenIn(mailsTo('dana@vendor.example')[0].Text)!;
    const rejected = await open(t, 'POST', 'decision=reject&reason=' + encodeURIComponent('Prices <too> high'));
    expect(rejected.statusCode).toBe(200);
    expect(rejected.body).toContain('Prices &lt;too&gt; high');
    const bell = ok(await invoke('NotificationsService', 'GetNotifications', { as: co.approver, body: {} }));
    expect(bell.Items[0]).toMatchObject({ Kind: 'orderRejected', OrderId: o.ID, Reason: 'Prices <too> high' });
    const view = ok(
      await invoke('OrdersService', 'GetOrder', { as: co.planner, body: { orderId: o.ID }, accountId: o.AccountId }),
    );
    expect(view.Send.Decision).toMatchObject({
      Kind: 'rejected',
      TypedName: null,
      Reason: 'Prices <too> high',
      Ip: '203.0.113.7',
    });
  });

  it('a signed copy recorded after the send closes the link: GET and POST answer 409 and say the order is accepted; nothing is written', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    ok(
      await send(co, o.AccountId, {
        orderId: o.ID,
        version: o.version,
        contactEmails: ['dana@vendor.example'],
        language: 'en',
      }),
    );
    const t = tokenIn(mailsTo('dana@vendor.example')[0].Text);
    expect((await open(t, 'GET')).statusCode).toBe(200);
    const after = ok(await record(co, o.AccountId, o.ID, await uploadSignedCopy(co, o.AccountId, o.ID)));
    expect(after.Offline.Current).toBe(true);

    const before = await tableSnapshot();
    const page = await open(t, 'GET');
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('The agency has received the order signed, so it is accepted');
    expect(page.body).not.toContain('name="typedName"');
    const post = await open(t, 'POST', 'decision=accept&typedName=Dana%20Levi');
    expect(post.statusCode).toBe(409);
    expect(await tableSnapshot()).toEqual(before);
  });
});
