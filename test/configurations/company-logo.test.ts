import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { getObject } from '../../lambdas/aws/s3';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { companyLogo } from '../../lambdas/modules/configurations';
import { getCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { LOGO_UPLOAD_MAX_BODY_BYTES, MAX_LOGO_BYTES, MAX_LOGO_UPLOAD_BASE64 } from '../../lambdas/shared/company-logo';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { TINY_PNG_BASE64 } from '../support/fixtures/configurations-service';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * The company logo on DynamoDB Local and the local S3 server: an Admin uploads, replaces and removes
 * it; every user of the company reads it, no other company's; the content decides what is taken (a
 * PNG or JPEG of at most 200 KB), never the name; the module's index hands the bytes to exports.
 */
const PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
/** A JPEG's signature and a little data: what is checked is the start of the bytes. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF rest of the image')]);

const call = (co: Company, method: string, body: Record<string, unknown>, as = co.admin) =>
  invoke('ConfigurationsService', method, { as, body });
const upload = (co: Company, bytes: Buffer, as = co.admin) =>
  call(co, 'SaveCompanyLogo', { Logo: bytes.toString('base64') }, as);
const logoOf = async (co: Company, as = co.planner) => (await call(co, 'GetCompanyLogo', {}, as)).body.Response.Logo;
const stored = (companyId: number, version: string) =>
  getObject({ bucket: process.env.CREATIVES_BUCKET!, key: `logos/${companyId}/${version}` });

describe('the company logo', () => {
  it('an Admin uploads it; every user of the company sees it, another company does not; sign-in names its version', async () => {
    const co = await makeCompany('Logo Agency');
    const other = await makeCompany('Other Agency');
    expect(await logoOf(co)).toBeNull();

    const r = await upload(co, PNG);
    expect(r.status).toBe(200);
    const logo = r.body.Response.Logo;
    expect(logo).toEqual({ ContentType: 'image/png', Data: TINY_PNG_BASE64, Version: expect.any(String) });
    for (const as of [co.planner, co.client, co.analyst, co.approver, co.admin])
      expect(await logoOf(co, as)).toEqual(logo);
    expect(await logoOf(other, other.client)).toBeNull();
    expect((await getCompany(co.companyId))!.Logo).toBe(logo.Version);
    expect(await stored(co.companyId, logo.Version)).toEqual({ body: new Uint8Array(PNG), contentType: 'image/png' });

    // What the exports and mails get: the bytes and their type.
    expect(await companyLogo(co.companyId)).toEqual({ bytes: new Uint8Array(PNG), contentType: 'image/png' });
    expect(await companyLogo(other.companyId)).toBeUndefined();
  });

  it('replacing it keeps the new one only; removing it leaves none; both audited', async () => {
    const co = await makeCompany('Logo Agency');
    const first = (await upload(co, PNG)).body.Response.Logo;
    const second = (await upload(co, JPEG)).body.Response.Logo;
    expect(second).toMatchObject({ ContentType: 'image/jpeg', Data: JPEG.toString('base64') });
    expect(second.Version).not.toBe(first.Version);
    expect(await logoOf(co)).toEqual(second);
    expect(await stored(co.companyId, first.Version)).toBeUndefined();

    const removed = await call(co, 'DeleteCompanyLogo', {});
    expect(removed.status).toBe(200);
    expect(removed.body.Response).toEqual({ Logo: null });
    expect(await logoOf(co)).toBeNull();
    expect(await stored(co.companyId, second.Version)).toBeUndefined();
    expect((await getCompany(co.companyId))!.Logo).toBe('');
    expect(await companyLogo(co.companyId)).toBeUndefined();
    // Removing what is not there is no error.
    expect((await call(co, 'DeleteCompanyLogo', {})).body.Response).toEqual({ Logo: null });

    const audit = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.auditPk(co.companyId), ':p': `CompanyLogo#${co.companyId}#` },
      }),
    );
    expect(audit.Items!.map((i) => [i.action, i.after?.contentType ?? null]).sort()).toEqual(
      [
        ['create', 'image/png'],
        ['update', 'image/jpeg'],
        ['update', null],
      ].sort(),
    );
  });

  it.each([
    [
      'an SVG named as an image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['a page behind no signature', Buffer.from('<html><body>hi</body></html>')],
  ])('refuses %s by its content (400 LOGO_NOT_AN_IMAGE) and keeps the logo it had', async (_, bytes) => {
    const co = await makeCompany('Logo Agency');
    const kept = (await upload(co, PNG)).body.Response.Logo;
    const r = await upload(co, bytes);
    expect(r.status).toBe(400);
    expect(r.body.ErrorCode).toBe('LOGO_NOT_AN_IMAGE');
    expect(await logoOf(co)).toEqual(kept);
  });

  it('refuses a logo over 200 KB naming its size and the limit (413), and text that is no base64 (400)', async () => {
    const co = await makeCompany('Logo Agency');
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES + 1 - PNG.length)]);
    const r = await upload(co, big);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ ErrorCode: 'LOGO_TOO_LARGE', ErrorParams: { size: '200 KB', limit: '200 KB' } });
    // Exactly the limit is taken.
    expect((await upload(co, big.subarray(0, MAX_LOGO_BYTES))).status).toBe(200);

    const notBase64 = await call(co, 'SaveCompanyLogo', { Logo: 'not base64!' });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.ErrorParams).toMatchObject({ field: 'Logo', reason: 'BASE64' });
  });

  it("the upload's text and body limits are 1 MiB of file in base64, and its JSON", () => {
    expect(MAX_LOGO_UPLOAD_BASE64).toBe(4 * Math.ceil((1024 * 1024) / 3));
    expect(LOGO_UPLOAD_MAX_BODY_BYTES).toBe(MAX_LOGO_UPLOAD_BASE64 + 1024);
  });

  it('only an Admin changes it: GeneralSettings alone, a planner or a client get 403', async () => {
    const co = await makeCompany('Logo Agency');
    const settings = await makeUser(co.companyId, Role.MediaManager, [Permission.GeneralSettings]);
    for (const as of [settings, co.planner, co.client]) {
      expect((await upload(co, PNG, as)).status).toBe(403);
      expect((await call(co, 'DeleteCompanyLogo', {}, as)).status).toBe(403);
    }
    expect(await logoOf(co)).toBeNull();
  });
});
