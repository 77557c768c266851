import { createHash } from 'node:crypto';
import { getObject, putObject } from '../../lambdas/aws/s3';
import { getOrder, replaceOrder } from '../../lambdas/modules/orders/store.dynamodb';
import { staleVersion } from '../../lambdas/core/errors';
import { postFile } from '../support/creatives';
import {
  approvedOrderWithContacts,
  ensureOrderMail,
  seedOrder,
  SIGNED_PDF,
  uploadedSignedCopy,
} from '../support/fixtures/orders-service';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * Offline acceptance on DynamoDB Local and the local S3 (docs/buy-side.md "Offline acceptance"):
 * staff upload the vendor's signed copy of an approved order and record it; the content must be
 * the declared type within 10 MB; the copy is kept under orders/ by its SHA-256 and served back
 * by GetOrderDocument 'offline' with the hash checked. Every refusal writes nothing.
 */
beforeAll(() => ensureOrderMail());

const bucket = () => process.env.CREATIVES_BUCKET!;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const call = (co: Company, method: string, accountId: number, body: Record<string, unknown>, as = co.approver) =>
  invoke('OrdersService', method, { as, body, accountId });
const record = (co: Company, accountId: number, orderId: number, uploadKey: string) =>
  call(co, 'RecordOfflineAcceptance', accountId, { orderId, uploadKey });
const download = (co: Company, accountId: number, orderId: number) =>
  call(co, 'GetOrderDocument', accountId, { orderId, format: 'offline' }, co.planner);

/** The 8-byte PNG signature, then filler. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(300).fill(7)]);

describe('OrdersService offline acceptance', () => {
  it('records a PDF posted through the form: kept under orders/ by its SHA-256, shown, served back byte for byte', async () => {
    const co = await makeCompany('Offline Agency');
    const o = await approvedOrderWithContacts(co);
    const form = await call(co, 'GetOfflineAcceptanceUploadUrl', o.AccountId, {
      orderId: o.ID,
      contentType: 'application/pdf',
      size: SIGNED_PDF.length,
    });
    expect(form.status).toBe(200);
    const upload = form.body.Response;
    expect(upload.UploadKey).toMatch(new RegExp(`^uploads/orders/${co.companyId}/${o.ID}/\\d+\\.pdf$`));
    expect(upload.MaxBytes).toBe(10 * 1024 * 1024);
    expect((await postFile(upload, Buffer.from(SIGNED_PDF))).status).toBeLessThan(300);

    const r = await record(co, o.AccountId, o.ID, upload.UploadKey);
    expect(r.body.ErrorMessage).toBeUndefined();
    expect(r.body.Response.Offline).toEqual({
      OrderVersion: 1,
      ContentType: 'application/pdf',
      Size: 1209, // '%PDF-1.7\n' (9) + 1200 spaces
      Sha256: sha(SIGNED_PDF),
      RecordedBy: co.approver.email,
      RecordedAt: expect.any(String),
      Current: true,
    });
    const stored = (await getOrder(co.companyId, o.ID, true))!;
    expect(stored.Offline!.Key).toBe(`orders/${co.companyId}/${o.ID}/${sha(SIGNED_PDF)}.signed`);
    expect(stored.version).toBe(o.version + 1);

    const d = await download(co, o.AccountId, o.ID);
    expect(d.status).toBe(200);
    const bytes = Buffer.from(d.body.Response.Base64, 'base64');
    expect(Buffer.compare(bytes, Buffer.from(SIGNED_PDF))).toBe(0);
    expect(sha(bytes)).toBe(stored.Offline!.Sha256);
    const number = `IO-${o.createdAt.slice(0, 4)}-${String(o.ID).padStart(4, '0')}`;
    expect(d.body.Response).toMatchObject({ FileName: `${number}-signed.pdf`, ContentType: 'application/pdf' });

    // Accepted at this version: a second copy is refused, and so is its upload URL.
    const again = await uploadedSignedCopy(co);
    expect((await record(co, again.o.AccountId, again.o.ID, again.uploadKey)).status).toBe(200);
    const twice = await record(co, again.o.AccountId, again.o.ID, again.uploadKey);
    expect(twice.body).toMatchObject({ ErrorCode: 'ORDER_ALREADY_ACCEPTED', ErrorParams: { id: again.o.ID } });
  });

  it('records a PNG; a revoke outdates it, and the next approved version takes a new copy', async () => {
    const co = await makeCompany();
    const { o, uploadKey } = await uploadedSignedCopy(co, PNG, 'image/png');
    const r = await record(co, o.AccountId, o.ID, uploadKey);
    expect(r.body.Response.Offline).toMatchObject({ ContentType: 'image/png', Size: 308, Sha256: sha(PNG) });
    const d = await download(co, o.AccountId, o.ID);
    expect(Buffer.compare(Buffer.from(d.body.Response.Base64, 'base64'), Buffer.from(PNG))).toBe(0);
    expect(d.body.Response.ContentType).toBe('image/png');

    const revoked = await call(co, 'RevokeOrder', o.AccountId, {
      orderId: o.ID,
      version: r.body.Response.version,
      reason: 'Dates moved',
    });
    expect(revoked.body.Response.Offline).toMatchObject({ OrderVersion: 1, Current: false });
    const again = await call(co, 'ApproveOrder', o.AccountId, {
      orderId: o.ID,
      version: revoked.body.Response.version,
    });
    expect(again.body.Response).toMatchObject({ Version: 2, Offline: { OrderVersion: 1, Current: false } });
    const form = await call(co, 'GetOfflineAcceptanceUploadUrl', o.AccountId, {
      orderId: o.ID,
      contentType: 'application/pdf',
      size: SIGNED_PDF.length,
    });
    await putObject({ bucket: bucket(), key: form.body.Response.UploadKey }, SIGNED_PDF, 'application/pdf');
    const second = await record(co, o.AccountId, o.ID, form.body.Response.UploadKey);
    expect(second.body.Response.Offline).toMatchObject({
      OrderVersion: 2,
      ContentType: 'application/pdf',
      Current: true,
    });
  });

  it('refuses content that is not the declared type, and a file over 10 MB, writing nothing', async () => {
    const co = await makeCompany();
    // Declared PNG, content a PDF.
    const o = await approvedOrderWithContacts(co);
    const form = await call(co, 'GetOfflineAcceptanceUploadUrl', o.AccountId, {
      orderId: o.ID,
      contentType: 'image/png',
      size: SIGNED_PDF.length,
    });
    const key = form.body.Response.UploadKey;
    await putObject({ bucket: bucket(), key }, SIGNED_PDF, 'image/png');
    const items = await tableSnapshot();
    const wrong = await record(co, o.AccountId, o.ID, key);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ ErrorCode: 'SIGNED_COPY_WRONG_TYPE', ErrorParams: { type: 'png' } });
    expect(await tableSnapshot()).toEqual(items);
    expect(await getObject({ bucket: bucket(), key: `orders/${co.companyId}/${o.ID}/${sha(SIGNED_PDF)}.signed` })).toBe(
      undefined,
    );
    // Declared too large: no URL.
    const big = await call(co, 'GetOfflineAcceptanceUploadUrl', o.AccountId, {
      orderId: o.ID,
      contentType: 'application/pdf',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ ErrorCode: 'SIGNED_COPY_TOO_LARGE', ErrorParams: { limit: '10 MB' } });
    // Stored too large (the form's limit bypassed): refused on record.
    const pdfForm = await call(co, 'GetOfflineAcceptanceUploadUrl', o.AccountId, {
      orderId: o.ID,
      contentType: 'application/pdf',
      size: 1000,
    });
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(SIGNED_PDF.subarray(0, 9));
    await putObject({ bucket: bucket(), key: pdfForm.body.Response.UploadKey }, huge, 'application/pdf');
    const items2 = await tableSnapshot();
    const tooBig = await record(co, o.AccountId, o.ID, pdfForm.body.Response.UploadKey);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.ErrorCode).toBe('SIGNED_COPY_TOO_LARGE');
    expect(await tableSnapshot()).toEqual(items2);
    // Nothing uploaded under a key, or another order's key: refused too.
    const missing = await record(co, o.AccountId, o.ID, `uploads/orders/${co.companyId}/${o.ID}/999999.pdf`);
    expect(missing.body.ErrorCode).toBe('SIGNED_COPY_NOT_UPLOADED');
    const foreign = await record(co, o.AccountId, o.ID, `uploads/orders/${co.companyId}/${o.ID + 1}/1.pdf`);
    expect(foreign.body).toMatchObject({ ErrorCode: 'FIELD_INVALID', ErrorParams: { field: 'uploadKey' } });
    expect((await getOrder(co.companyId, o.ID, true))!.Offline ?? null).toBe(null);
    expect(await tableSnapshot()).toEqual(items2);
  });

  it('refuses a draft order and one accepted online; GetOrderDocument answers 404 without a copy', async () => {
    const co = await makeCompany();
    const draft = (await seedOrder(co)).generated.Orders[0];
    const items = await tableSnapshot();
    const url = await call(co, 'GetOfflineAcceptanceUploadUrl', draft.AccountId, {
      orderId: draft.ID,
      contentType: 'application/pdf',
      size: 100,
    });
    expect(url.status).toBe(409);
    expect(url.body).toMatchObject({ ErrorCode: 'ORDER_NOT_APPROVED', ErrorParams: { id: draft.ID } });
    const rec = await record(co, draft.AccountId, draft.ID, `uploads/orders/${co.companyId}/${draft.ID}/1.pdf`);
    expect(rec.body.ErrorCode).toBe('ORDER_NOT_APPROVED');
    expect(await tableSnapshot()).toEqual(items);
    const none = await download(co, draft.AccountId, draft.ID);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ ErrorCode: 'ORDER_NOT_SIGNED', ErrorParams: { id: draft.ID } });

    // An order the vendor accepted online at its current version.
    const { o, uploadKey } = await uploadedSignedCopy(co);
    const before = (await getOrder(co.companyId, o.ID, true))!;
    const Send = {
      ...SEND,
      OrderVersion: before.Version,
      Decision: { ...DECISION },
    };
    await replaceOrder(
      co.companyId,
      before,
      { ...before, Send, version: before.version + 1 },
      'decide',
      staleVersion(),
    );
    const accepted = await record(co, o.AccountId, o.ID, uploadKey);
    expect(accepted.status).toBe(409);
    expect(accepted.body).toMatchObject({ ErrorCode: 'ORDER_ALREADY_ACCEPTED', ErrorParams: { id: o.ID } });
  });

  it('refuses to serve a signed copy changed in the bucket since it was recorded (409 ORDER_DOCUMENT_CHANGED)', async () => {
    const co = await makeCompany();
    const { o, uploadKey } = await uploadedSignedCopy(co);
    expect((await record(co, o.AccountId, o.ID, uploadKey)).status).toBe(200);
    const key = (await getOrder(co.companyId, o.ID, true))!.Offline!.Key;
    const tampered = new Uint8Array(SIGNED_PDF);
    tampered[100] ^= 1;
    await putObject({ bucket: bucket(), key }, tampered, 'application/pdf');
    const r = await download(co, o.AccountId, o.ID);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ErrorCode: 'ORDER_DOCUMENT_CHANGED', ErrorParams: { id: o.ID, format: 'offline' } });
    expect(r.body.Response).toBeUndefined();
  });
});

const SEND = {
  Nonce: 'n1',
  SentAt: '2026-01-05T09:00:00.000Z',
  SentBy: 'approver@agency.test',
  SentBySub: 'sub',
  Recipients: ['dana@vendor.example'],
  Language: 'en' as const,
  Instructions: null,
  PdfKey: 'orders/x.pdf',
  XlsxKey: 'orders/x.xlsx',
  PdfSha256: 'a'.repeat(64),
  XlsxSha256: 'b'.repeat(64),
  ExpiresAt: '2026-01-19T09:00:00.000Z',
};
const DECISION = {
  Kind: 'accepted' as const,
  By: 'dana@vendor.example',
  TypedName: 'Dana Levi',
  Reason: null,
  At: '2026-01-06T09:00:00.000Z',
  Ip: '192.0.2.1',
  DocumentSha256: 'a'.repeat(64),
};
