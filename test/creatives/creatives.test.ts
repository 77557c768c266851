import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { getCreative } from '../../lambdas/modules/creatives/store.dynamodb';
import { readHead } from '../../lambdas/aws/s3';
import { askUpload, FILES, postFile, seedCreative, type LineOf } from '../support/creatives';
import { current, seedDraft, seedRate } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * CreativesService on DynamoDB Local and the local S3 server: uploads within the
 * limit count on their line and its creative fees follow; the limit holds twice (the API's 413 on
 * the declared size, the storage policy on the bytes); the content decides, not the name; removing
 * archives; client users read the creatives of approved plans only; only a Draft's lines change.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Creatives Agency');
});

const call = (method: string, body: Record<string, unknown>, as = c.planner) =>
  invoke('CreativesService', method, { as, accountId: c.accounts.main.ID, body });
const planInfo = async (versionId: number, as = c.planner) =>
  (
    await invoke('MediaMixService', 'GetMediaMixInfo', {
      as,
      accountId: c.accounts.main.ID,
      body: { mediaMixId: versionId },
    })
  ).body.Response;
const uploadKey = (line: LineOf, id: number) => ({
  bucket: process.env.CREATIVES_BUCKET!,
  key: `uploads/${c.companyId}/${line.mediaMixId}/${line.mediaChannelId}/${id}`,
});
const keptKey = (line: LineOf, id: number) => ({
  bucket: process.env.CREATIVES_BUCKET!,
  key: `creatives/${c.companyId}/${line.mediaMixId}/${line.mediaChannelId}/${id}`,
});

async function draftLine(): Promise<LineOf> {
  const p = await seedDraft(c, 1);
  return { mediaMixId: p.planVersion.ID, mediaChannelId: p.lines[0].ID };
}

describe('an upload within the limit', () => {
  it('counts on its line, and the line and plan creative fees follow (image 0.5, video 1.3)', async () => {
    const line = await draftLine();
    expect((await planInfo(line.mediaMixId)).Totals.CreativeFee).toBe(0);

    const png = FILES.png(3000);
    const asked = await call('RequestCreativeUpload', {
      ...line,
      kind: 'image',
      fileName: 'banner.png',
      size: png.length,
      contentType: 'image/png',
    });
    expect(asked.status).toBe(200);
    const upload = asked.body.Response;
    expect(upload.Creative).toMatchObject({ Status: 'Pending', Kind: 'image', FileName: 'banner.png' });
    expect(upload.MaxBytes).toBe(1.5 * 1024 * 1024);
    expect((await postFile(upload, png)).status).toBe(204);
    const confirmed = await call('ConfirmCreativeUpload', { ...line, creativeId: upload.Creative.ID });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.Response.Creative).toMatchObject({ Status: 'Active', ContentType: 'image/png', Size: 3000 });
    expect(confirmed.body.Response.Line).toMatchObject({
      ID: line.mediaChannelId,
      ImageCreatives: 1,
      VideoCreatives: 0,
    });
    // Kept under creatives/, gone from uploads/.
    expect(await readHead(uploadKey(line, upload.Creative.ID), 8)).toBeUndefined();
    expect((await readHead(keptKey(line, upload.Creative.ID), 8))?.size).toBe(3000);

    await seedCreative(c, line, 'video');
    const info = await planInfo(line.mediaMixId);
    expect(info.Lines[0]).toMatchObject({ ImageCreatives: 1, VideoCreatives: 1 });
    expect(info.Lines[0].Amounts.CreativeFee).toBe(1.8);
    expect(info.Totals.CreativeFee).toBe(1.8);

    const list = await call('GetCreativesList', line);
    expect(list.status).toBe(200);
    expect(list.body.Response.Editable).toBe(true);
    expect(list.body.Response.Items.map((i: any) => [i.Kind, i.ContentType])).toEqual([
      ['image', 'image/png'],
      ['video', 'video/mp4'],
    ]);
    const thumb = await fetch(list.body.Response.Items[0].Url);
    expect([
      thumb.status,
      thumb.headers.get('content-type'),
      Buffer.from(await thumb.arrayBuffer()).equals(png),
    ]).toEqual([200, 'image/png', true]);
  });

  it('confirming again answers the creative as it is and counts it once', async () => {
    const line = await draftLine();
    const first = await seedCreative(c, line);
    const again = await call('ConfirmCreativeUpload', { ...line, creativeId: first.Creative.ID });
    expect([again.status, again.body.Response.Line.ImageCreatives]).toEqual([200, 1]);
  });
});

describe('the size limit', () => {
  it('answers 413 naming the limit in B-TB units for a declared size over it', async () => {
    const line = await draftLine();
    const r = await call('RequestCreativeUpload', {
      ...line,
      kind: 'image',
      fileName: 'huge.png',
      size: 2 * 1024 * 1024,
      contentType: 'image/png',
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({
      ErrorCode: 'CREATIVE_TOO_LARGE',
      ErrorParams: { fileName: 'huge.png', size: '2 MB', limit: '1.5 MB' },
    });
    const video = await call('RequestCreativeUpload', {
      ...line,
      kind: 'video',
      fileName: 'long.mp4',
      size: 8 * 1024 * 1024,
      contentType: 'video/mp4',
    });
    expect([video.status, video.body.ErrorParams?.limit]).toEqual([413, '7.5 MB']);
  });

  it("holds the bytes to the company's limit in the storage policy, whatever was declared", async () => {
    const co = await makeCompany('Small limits');
    const saved = await invoke('ConfigurationsService', 'SaveConfigurations', {
      as: co.admin,
      body: { configurations: { MaxImageBytes: 4096, version: 0 } },
    });
    expect(saved.status).toBe(200);
    const p = await seedDraft(co, 1);
    const line = { mediaMixId: p.planVersion.ID, mediaChannelId: p.lines[0].ID };
    const upload = await askUpload(co, line, {
      kind: 'image',
      fileName: 'small.png',
      contentType: 'image/png',
      size: 1000,
    });
    expect(upload.MaxBytes).toBe(4096);
    const refused = await postFile(upload, FILES.png(5000));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<Code>EntityTooLarge</Code>');
    const confirm = await invoke('CreativesService', 'ConfirmCreativeUpload', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { ...line, creativeId: upload.Creative.ID },
    });
    expect([confirm.status, confirm.body.ErrorCode]).toEqual([409, 'CREATIVE_NOT_UPLOADED']);
    const declared = await invoke('CreativesService', 'RequestCreativeUpload', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { ...line, kind: 'image', fileName: 'big.png', size: 5000, contentType: 'image/png' },
    });
    expect([declared.status, declared.body.ErrorParams]).toEqual([
      413,
      { fileName: 'big.png', size: '4.88 KB', limit: '4 KB' },
    ]);
    expect((await current(co, p.planVersion.ID)).LineCount).toBe(1);
  });

  it('refuses a type the kind does not take before any upload', async () => {
    const line = await draftLine();
    const r = await call('RequestCreativeUpload', {
      ...line,
      kind: 'image',
      fileName: 'page.html',
      size: 100,
      contentType: 'text/html',
    });
    expect([r.status, r.body.ErrorCode, r.body.ErrorParams?.allowed]).toEqual([
      400,
      'CREATIVE_TYPE_NOT_ALLOWED',
      'image/jpeg, image/png, image/gif, image/webp',
    ]);
  });
});

describe('the content decides', () => {
  it('refuses a .jpg that is text: 400 naming why, the object deleted, nothing counted', async () => {
    const line = await draftLine();
    const text = FILES.text();
    const upload = await askUpload(c, line, {
      kind: 'image',
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      size: text.length,
    });
    expect((await postFile(upload, text)).status).toBe(204);
    const r = await call('ConfirmCreativeUpload', { ...line, creativeId: upload.Creative.ID });
    expect([r.status, r.body.ErrorCode, r.body.ErrorParams]).toEqual([
      400,
      'CREATIVE_CONTENT_UNKNOWN',
      { fileName: 'photo.jpg', declared: 'image/jpeg' },
    ]);
    expect(await readHead(uploadKey(line, upload.Creative.ID), 8)).toBeUndefined();
    expect(await readHead(keptKey(line, upload.Creative.ID), 8)).toBeUndefined();
    expect((await planInfo(line.mediaMixId)).Lines[0].ImageCreatives).toBe(0);
    expect(
      (
        await getCreative(c.companyId, {
          MediaMixId: line.mediaMixId,
          MediaChannelId: line.mediaChannelId,
          ID: upload.Creative.ID,
        })
      )?.Status,
    ).toBe('Pending');
  });

  it('refuses a video whose content is an image (another kind), and keeps a mislabelled image as what it is', async () => {
    const line = await draftLine();
    const png = FILES.png();
    const asVideo = await askUpload(c, line, {
      kind: 'video',
      fileName: 'clip.mp4',
      contentType: 'video/mp4',
      size: png.length,
    });
    await postFile(asVideo, png);
    const r = await call('ConfirmCreativeUpload', { ...line, creativeId: asVideo.Creative.ID });
    expect([r.status, r.body.ErrorCode, r.body.ErrorParams?.detected]).toEqual([
      400,
      'CREATIVE_CONTENT_MISMATCH',
      'image/png',
    ]);

    const jpeg = FILES.jpeg();
    const asPng = await askUpload(c, line, {
      kind: 'image',
      fileName: 'really-a-jpeg.png',
      contentType: 'image/png',
      size: jpeg.length,
    });
    await postFile(asPng, jpeg);
    const kept = await call('ConfirmCreativeUpload', { ...line, creativeId: asPng.Creative.ID });
    expect([kept.status, kept.body.Response.Creative.ContentType, kept.body.Response.Line.ImageCreatives]).toEqual([
      200,
      'image/jpeg',
      1,
    ]);
  });
});

describe('removing a creative', () => {
  it('archives it (kept, with its file) and the count and fees drop', async () => {
    const line = await draftLine();
    await seedCreative(c, line);
    const { Creative } = await seedCreative(c, line);
    expect((await planInfo(line.mediaMixId)).Lines[0].ImageCreatives).toBe(2);
    const r = await call('DeleteCreative', { ...line, creativeId: Creative.ID });
    expect(r.status).toBe(200);
    expect(r.body.Response.Creative).toMatchObject({ Status: 'Archived', ArchivedBy: c.planner.email });
    expect(r.body.Response.Line.ImageCreatives).toBe(1);
    const info = await planInfo(line.mediaMixId);
    expect([info.Lines[0].ImageCreatives, info.Lines[0].Amounts.CreativeFee]).toEqual([1, 0.5]);
    expect((await call('GetCreativesList', line)).body.Response.Items.map((i: any) => i.ID)).not.toContain(Creative.ID);
    expect(
      (
        await getCreative(c.companyId, {
          MediaMixId: line.mediaMixId,
          MediaChannelId: line.mediaChannelId,
          ID: Creative.ID,
        })
      )?.Status,
    ).toBe('Archived');
    expect((await readHead(keptKey(line, Creative.ID), 4))?.size).toBe(2048);
    // Again: answered as it is, the count untouched.
    const again = await call('DeleteCreative', { ...line, creativeId: Creative.ID });
    expect([again.status, again.body.Response.Line.ImageCreatives]).toEqual([200, 1]);
  });
});

describe('plan rules', () => {
  it("changes only a Draft's lines; a client reads an approved plan's creatives, read only", async () => {
    const line = await draftLine();
    await seedCreative(c, line);
    const pending = await askUpload(c, line, {
      kind: 'image',
      fileName: 'late.png',
      contentType: 'image/png',
      size: 2048,
    });
    await postFile(pending, FILES.png());
    // Drafts only: once submitted, nothing of its lines changes.
    const draft = await current(c, line.mediaMixId);
    const submitted = await submitVersion(c.planner, c.accounts.main.ID, {
      mediaMixId: line.mediaMixId,
      version: draft.version,
    });
    const late = await call('ConfirmCreativeUpload', { ...line, creativeId: pending.Creative.ID });
    expect([late.status, late.body.ErrorCode]).toEqual([409, 'PLAN_SUBMITTED']);
    const ask = await call('RequestCreativeUpload', {
      ...line,
      kind: 'image',
      fileName: 'x.png',
      size: 10,
      contentType: 'image/png',
    });
    expect([ask.status, ask.body.ErrorCode]).toEqual([409, 'PLAN_SUBMITTED']);

    // The client sees nothing of a plan that is not approved…
    expect((await call('GetCreativesList', line, c.client)).status).toBe(404);
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
    await approveVersion(c.approver, c.accounts.main.ID, { mediaMixId: line.mediaMixId, version: submitted.version });
    // …and reads an approved one's creatives, never changing them.
    const list = await call('GetCreativesList', line, c.client);
    expect([list.status, list.body.Response.Editable, list.body.Response.Items.length]).toEqual([200, false, 1]);
    expect((await fetch(list.body.Response.Items[0].Url)).status).toBe(200);
    const write = await call(
      'RequestCreativeUpload',
      { ...line, kind: 'image', fileName: 'x.png', size: 10, contentType: 'image/png' },
      c.client,
    );
    expect([write.status, write.body.ErrorCode]).toEqual([403, 'CLIENT_READ_ONLY']);
    const remove = await call('DeleteCreative', { ...line, creativeId: list.body.Response.Items[0].ID }, c.client);
    expect(remove.status).toBe(403);
    // Staff read it read only too.
    expect((await call('GetCreativesList', line)).body.Response.Editable).toBe(false);
  });

  it("refuses a line of another account's page (403) and an unknown creative (404)", async () => {
    const line = await draftLine();
    const other = await invoke('CreativesService', 'GetCreativesList', {
      as: c.planner,
      accountId: c.accounts.other.ID,
      body: line,
    });
    expect([other.status, other.body.ErrorCode]).toEqual([403, 'NOT_IN_ACCOUNT']);
    const unknown = await call('DeleteCreative', { ...line, creativeId: 999999 });
    expect([unknown.status, unknown.body.ErrorCode]).toEqual([404, 'NOT_FOUND']);
  });
});
