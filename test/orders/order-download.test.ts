import { createHash } from 'node:crypto';
import { deleteObject, getObject, putObject } from '../../lambdas/aws/s3';
import { getOrder } from '../../lambdas/modules/orders/store.dynamodb';
import { approvedOrderWithContacts, ensureOrderMail } from '../support/fixtures/orders-service';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * GetOrderDocument on DynamoDB Local and the local S3 (docs/buy-side.md "Sending and acceptance"):
 * the latest send's PDF or workbook, byte for byte as stored, its SHA-256 the send's; a file changed
 * since the send is refused and never served; an order never sent has no document.
 */
beforeAll(() => ensureOrderMail());

const bucket = () => process.env.CREATIVES_BUCKET!;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const download = (co: Company, accountId: number, orderId: number, format: string, as = co.planner) =>
  invoke('OrdersService', 'GetOrderDocument', { as, body: { orderId, format }, accountId });

async function sentOrder(co: Company) {
  const o = await approvedOrderWithContacts(co);
  const r = await invoke('OrdersService', 'SendOrder', {
    as: co.approver,
    body: { orderId: o.ID, version: o.version, contactEmails: ['dana@vendor.example'] },
    accountId: o.AccountId,
  });
  expect(r.status).toBe(200);
  const stored = (await getOrder(co.companyId, o.ID, true))!;
  return { o, send: stored.Send! };
}

describe('OrdersService.GetOrderDocument', () => {
  it('answers the stored PDF and Excel of the latest send, their bytes and SHA-256 the send recorded', async () => {
    const co = await makeCompany('Download Agency');
    const { o, send } = await sentOrder(co);
    const number = `IO-${o.createdAt.slice(0, 4)}-${String(o.ID).padStart(4, '0')}`;
    for (const [format, key, recorded, type] of [
      ['pdf', send.PdfKey, send.PdfSha256, 'application/pdf'],
      ['xlsx', send.XlsxKey, send.XlsxSha256, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const r = await download(co, o.AccountId, o.ID, format);
      expect(r.body.ErrorMessage).toBeUndefined();
      expect(r.status).toBe(200);
      const file = r.body.Response;
      const bytes = Buffer.from(file.Base64, 'base64');
      const inBucket = (await getObject({ bucket: bucket(), key }))!.body;
      expect(Buffer.compare(bytes, Buffer.from(inBucket))).toBe(0);
      expect(sha(bytes)).toBe(recorded);
      expect(file).toMatchObject({
        FileName: `${number}.${format}`,
        ContentType: type,
        ContentDisposition: `attachment; filename="${number}.${format}"`,
      });
    }
    const pdf = Buffer.from((await download(co, o.AccountId, o.ID, 'pdf')).body.Response.Base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // xlsx is a zip: PK\x03\x04.
    const xlsx = Buffer.from((await download(co, o.AccountId, o.ID, 'xlsx')).body.Response.Base64, 'base64');
    expect([...xlsx.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('refuses a stored file changed since the send (409, the reason), and one gone, writing nothing', async () => {
    const co = await makeCompany();
    const { o, send } = await sentOrder(co);
    const original = (await getObject({ bucket: bucket(), key: send.PdfKey }))!.body;
    const tampered = new Uint8Array(original);
    tampered[tampered.length - 10] ^= 1;
    await putObject({ bucket: bucket(), key: send.PdfKey }, tampered, 'application/pdf');
    const items = await tableSnapshot();
    const r = await download(co, o.AccountId, o.ID, 'pdf');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ErrorCode: 'ORDER_DOCUMENT_CHANGED', ErrorParams: { id: o.ID, format: 'pdf' } });
    expect(r.body.Response).toBeUndefined();
    expect(await tableSnapshot()).toEqual(items);
    // The workbook, untouched, is still served; once gone, it is refused the same way.
    expect((await download(co, o.AccountId, o.ID, 'xlsx')).status).toBe(200);
    await deleteObject({ bucket: bucket(), key: send.XlsxKey });
    const gone = await download(co, o.AccountId, o.ID, 'xlsx');
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ ErrorCode: 'ORDER_DOCUMENT_CHANGED', ErrorParams: { id: o.ID, format: 'xlsx' } });
    expect(await tableSnapshot()).toEqual(items);
  });

  it('refuses an order never sent (404 ORDER_NOT_SENT), a bad format, and another account', async () => {
    const co = await makeCompany();
    const o = await approvedOrderWithContacts(co);
    const never = await download(co, o.AccountId, o.ID, 'pdf');
    expect(never.status).toBe(404);
    expect(never.body).toMatchObject({ ErrorCode: 'ORDER_NOT_SENT', ErrorParams: { id: o.ID } });
    expect((await download(co, o.AccountId, o.ID, 'docx')).status).toBe(400);
    const other = await makeCompany();
    const { o: theirs } = await sentOrder(other);
    expect((await download(co, o.AccountId, theirs.ID, 'pdf')).status).toBe(404);
  });
});
