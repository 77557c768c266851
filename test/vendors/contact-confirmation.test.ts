import { signLink, readLink } from '../../lambdas/core/signed-link';
import { DEV_LINK_KEY } from '../../lambdas/aws/link-key';
import { handler } from '../../lambdas/public/confirm-contact';
import { startFakeSes, type FakeSes } from '../../local/fakes/ses-server';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * A vendor contact's address is confirmed before first use (docs/domain.md "Vendors"): a save that
 * adds an address mails it a signed link valid 14 days (the company's language, Hebrew here); the
 * link's GET asks, its POST confirms that contact while the vendor still has it; expired, forged and
 * outdated links say so; "resend" mails it again. On DynamoDB Local and the local SES server.
 */
const KEY = Buffer.from(DEV_LINK_KEY, 'utf8');
const URL_BASE = 'http://api.test/confirm-contact';
let co: Company;
let ses: FakeSes;

const call = (method: string, body: Record<string, unknown>) =>
  invoke('VendorsService', method, { as: co.admin, body });
function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}
const vendor = (Name: string, Contacts: { Name: string; Email: string }[], extra: Record<string, unknown> = {}) => ({
  ID: 0,
  Name,
  PaymentTerms: { Kind: 'net', Days: 30 },
  Contacts,
  ...extra,
});
const mailsTo = (address: string) => ses.mails().filter((m) => m.To[0] === address);
const tokenIn = (text: string) => /http:\/\/api\.test\/confirm-contact\?t=(\S+)/.exec(text)?.[1];
const open = (t: string | undefined, method: 'GET' | 'POST') =>
  handler({ queryStringParameters: t === undefined ? null : { t }, requestContext: { http: { method } } });
const contactsOf = async (id: number) =>
  (ok(await call('GetVendor', { vendorId: id })) as { Contacts: { Email: string; Confirmed: boolean }[] }).Contacts;

beforeAll(async () => {
  ses = await startFakeSes({ port: 0, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  process.env.MAIL_FROM = 'Mixdesk <vendors@mixdesk.test>';
  process.env.SES_ENDPOINT = ses.endpoint;
  process.env.CONTACT_CONFIRM_URL = URL_BASE;
  delete process.env.LINK_KEY_SECRET_ARN;
  delete process.env.LINK_KEY;
  co = await makeCompany('Contacts Agency');
});
afterAll(async () => {
  delete process.env.MAIL_FROM;
  delete process.env.SES_ENDPOINT;
  delete process.env.CONTACT_CONFIRM_URL;
  await ses.stop();
});

describe('signed links (core/signed-link.ts)', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const until = new Date('2026-03-15T10:00:00Z');
  it('read back with their fields until they expire; then "expired"; another purpose or key or a changed letter: "invalid"', () => {
    const t = signLink(KEY, 'vendor-contact', ['7', '12', 'dana@keshet.example'], until);
    expect(readLink(KEY, 'vendor-contact', t, now)).toEqual({
      ok: true,
      fields: ['7', '12', 'dana@keshet.example'],
      expiresAt: until,
    });
    expect(readLink(KEY, 'vendor-contact', t, until)).toEqual({
      ok: false,
      why: 'expired',
      fields: ['7', '12', 'dana@keshet.example'],
    });
    expect(readLink(KEY, 'io-accept', t, now)).toEqual({ ok: false, why: 'invalid' });
    expect(readLink(Buffer.from('another key of the same length ok'), 'vendor-contact', t, now)).toEqual({
      ok: false,
      why: 'invalid',
    });
    // The expiry is signed: a later one is refused.
    const later = t.replace(
      `.${Math.floor(until.getTime() / 1000)}.`,
      `.${Math.floor(until.getTime() / 1000) + 86400}.`,
    );
    expect(later).not.toBe(t);
    expect(readLink(KEY, 'vendor-contact', later, now).ok).toBe(false);
    expect(readLink(KEY, 'vendor-contact', undefined, now)).toEqual({ ok: false, why: 'invalid' });
    expect(readLink(KEY, 'vendor-contact', 'x'.repeat(1001), now)).toEqual({ ok: false, why: 'invalid' });
  });
});

describe('contact confirmation', () => {
  it('mails each new address in the company language; GET asks, POST confirms that contact only, audited; a later save keeps it', async () => {
    const v = ok(
      await call('SaveVendor', {
        vendor: vendor('Keshet <12> & Co', [
          { Name: 'Dana', Email: 'Dana@Keshet.example' },
          { Name: 'Avi', Email: 'avi@keshet.example' },
        ]),
      }),
    ) as { ID: number; version: number };
    const [mail] = mailsTo('dana@keshet.example');
    expect(mailsTo('avi@keshet.example')).toHaveLength(1);
    expect(mail.Subject).toBe('נא לאשר את כתובת הדוא"ל שלך עבור Contacts Agency');
    expect(mail.Text).toContain('Contacts Agency הוסיפה את הכתובת הזו כאיש קשר של Keshet <12> & Co');
    expect(mail.Text).toContain('הקישור בתוקף 14 ימים.');
    // The vendor's name is data: escaped in the HTML.
    expect(mail.Html).toContain('Keshet &lt;12&gt; &amp; Co');
    expect(mail.Html).not.toContain('<12>');
    expect(mail.Html).toContain('dir="rtl"');
    const t = tokenIn(mail.Text)!;
    expect(readLink(KEY, 'vendor-contact', t, new Date())).toMatchObject({
      ok: true,
      fields: [String(co.companyId), String(v.ID), 'dana@keshet.example'],
    });

    const asked = await open(t, 'GET');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post"');
    expect(asked.body).toContain('לאשר את dana@keshet.example כאיש קשר של Keshet &lt;12&gt; &amp; Co?');
    expect(await contactsOf(v.ID)).toEqual([
      expect.objectContaining({ Email: 'dana@keshet.example', Confirmed: false }),
      expect.objectContaining({ Email: 'avi@keshet.example', Confirmed: false }),
    ]);

    const done = await open(t, 'POST');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('תודה: הכתובת dana@keshet.example אושרה.');
    expect((await contactsOf(v.ID)).map((c) => c.Confirmed)).toEqual([true, false]);
    // Opened again: the same answer, nothing written.
    expect((await open(t, 'POST')).statusCode).toBe(200);
    const history = ok(
      await invoke('AuditService', 'GetItemHistory', { as: co.admin, body: { entity: 'vendor', id: String(v.ID) } }),
    ) as {
      Items: { Action: string; By: string }[];
    };
    expect(history.Items).toHaveLength(2);
    expect(history.Items[0]).toMatchObject({ Action: 'update' });

    // Saved again with the same addresses (any case): Dana stays confirmed, and nobody is mailed again.
    const before = ses.mails().length;
    const again = ok(
      await call('SaveVendor', {
        vendor: vendor(
          'Keshet <12> & Co',
          [
            { Name: 'Dana L.', Email: 'DANA@keshet.example' },
            { Name: 'Avi', Email: 'avi@keshet.example' },
          ],
          { ID: v.ID, version: v.version + 1 },
        ),
      }),
    ) as { Contacts: { Confirmed: boolean }[] };
    expect(again.Contacts.map((c) => c.Confirmed)).toEqual([true, false]);
    expect(ses.mails()).toHaveLength(before);
  });

  it("a changed address is mailed and unconfirmed; the old address's link then has nothing to confirm", async () => {
    const v = ok(
      await call('SaveVendor', { vendor: vendor('Ynet', [{ Name: 'Rina', Email: 'rina@ynet.example' }]) }),
    ) as { ID: number; version: number };
    const old = tokenIn(mailsTo('rina@ynet.example')[0].Text)!;
    expect((await open(old, 'POST')).statusCode).toBe(200);
    expect((await contactsOf(v.ID))[0].Confirmed).toBe(true);
    const changed = ok(
      await call('SaveVendor', {
        vendor: vendor('Ynet', [{ Name: 'Rina', Email: 'rina.k@ynet.example' }], { ID: v.ID, version: v.version + 1 }),
      }),
    ) as { Contacts: { Confirmed: boolean }[] };
    expect(changed.Contacts[0].Confirmed).toBe(false);
    expect(mailsTo('rina.k@ynet.example')).toHaveLength(1);
    const gone = await open(old, 'POST');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('הכתובת הזו כבר אינה איש קשר של הספק, ולכן אין מה לאשר.');
    expect((await contactsOf(v.ID))[0].Confirmed).toBe(false);
  });

  it('an expired or forged link explains itself and confirms nothing', async () => {
    const v = ok(
      await call('SaveVendor', { vendor: vendor('Kan 11', [{ Name: 'Moshe', Email: 'moshe@kan.example' }]) }),
    ) as { ID: number };
    const expired = signLink(
      KEY,
      'vendor-contact',
      [String(co.companyId), String(v.ID), 'moshe@kan.example'],
      new Date(Date.now() - 1000),
    );
    const late = await open(expired, 'POST');
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('תוקף קישור האישור הזה פג.');
    // A character inside the signature, not its last: the last base64url character of a 32-byte
    // signature carries two unused bits, so some changes to it decode to the same bytes.
    const token = tokenIn(mailsTo('moshe@kan.example')[0].Text)!;
    const at = token.length - 5;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const bad = await open(forged, 'POST');
    expect(bad.statusCode).toBe(400);
    // Without a company it cannot name a language: Hebrew and English.
    expect(bad.body).toContain('This confirmation link is not valid.');
    expect(bad.body).toContain('קישור האישור הזה אינו תקין.');
    expect((await contactsOf(v.ID))[0].Confirmed).toBe(false);
  });

  it('resend: a new link for an unconfirmed contact; nothing for a confirmed one; an unknown address is not found', async () => {
    const v = ok(
      await call('SaveVendor', { vendor: vendor('Reshet 13', [{ Name: 'Yael', Email: 'yael@reshet.example' }]) }),
    ) as { ID: number };
    expect(mailsTo('yael@reshet.example')).toHaveLength(1);
    expect(ok(await call('ResendContactConfirmation', { vendorId: v.ID, email: 'Yael@Reshet.example' }))).toEqual({
      Sent: true,
      Confirmed: false,
    });
    const [latest] = mailsTo('yael@reshet.example');
    expect(mailsTo('yael@reshet.example')).toHaveLength(2);
    expect((await open(tokenIn(latest.Text), 'POST')).statusCode).toBe(200);
    expect(ok(await call('ResendContactConfirmation', { vendorId: v.ID, email: 'yael@reshet.example' }))).toEqual({
      Sent: false,
      Confirmed: true,
    });
    expect(mailsTo('yael@reshet.example')).toHaveLength(2);
    const unknown = await call('ResendContactConfirmation', { vendorId: v.ID, email: 'nobody@reshet.example' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ErrorCode: 'NOT_FOUND', ErrorParams: { entity: 'VendorContact' } });
  });
});
