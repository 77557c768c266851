import { getCreative } from '../../lambdas/modules/creatives/store.dynamodb';
import { readHead } from '../../lambdas/aws/s3';
import { startFakeS3, type FakeS3 } from '../../local/fakes/s3-server';
import { FILES, postFile, type LineOf } from '../support/creatives';
import { seedDraft } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * What ConfirmCreativeUpload confirms is what is served: the checked object is pinned by its ETag
 * (a file re-posted through the form while it is checked is refused, never kept), content that
 * carries markup a browser would run is refused whatever its magic number says, and the kept file is
 * served as an attachment. The suite runs its own local S3 server, whose request hook re-posts the
 * other file right after the confirmation first read the upload — no timing involved.
 */
let c: Company;
let s3: FakeS3;
const savedEndpoint = process.env.S3_ENDPOINT;
const racer: {
  upload?: { Url: string; Fields: Record<string, string> };
  file?: Buffer;
  readSeen: boolean;
  reposted: number;
} = { readSeen: false, reposted: 0 };

beforeAll(async () => {
  s3 = await startFakeS3({
    port: 0,
    buckets: [process.env.CREATIVES_BUCKET!],
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    onRequest: async ({ method, key }) => {
      const { upload, file } = racer;
      if (!upload || !file) return;
      if (racer.readSeen && method !== 'POST') {
        Object.assign(racer, { readSeen: false, upload: undefined, reposted: racer.reposted + 1 });
        expect((await postFile(upload, file)).status).toBe(204);
        return;
      }
      if (method === 'GET' && key === upload.Fields.key) racer.readSeen = true;
    },
  });
  s3.server.unref();
  process.env.S3_ENDPOINT = s3.endpoint;
  c = await makeCompany('Creative Content Agency');
});

afterAll(async () => {
  process.env.S3_ENDPOINT = savedEndpoint;
  await s3.stop();
});

const call = (method: string, body: Record<string, unknown>) =>
  invoke('CreativesService', method, { as: c.planner, accountId: c.accounts.main.ID, body });
const keptKey = (line: LineOf, id: number) => ({
  bucket: process.env.CREATIVES_BUCKET!,
  key: `creatives/${c.companyId}/${line.mediaMixId}/${line.mediaChannelId}/${id}`,
});

async function draftLine(): Promise<LineOf> {
  const p = await seedDraft(c, 1);
  return { mediaMixId: p.planVersion.ID, mediaChannelId: p.lines[0].ID };
}

async function ask(line: LineOf, file: Buffer) {
  const asked = await call('RequestCreativeUpload', {
    ...line,
    kind: 'image',
    fileName: 'banner.png',
    size: file.length,
    contentType: 'image/png',
  });
  expect(asked.status).toBe(200);
  return asked.body.Response as { Creative: { ID: number }; Url: string; Fields: Record<string, string> };
}

/** A PNG's magic number with an HTML page behind it: an image to a magic-number check, a page to a browser that sniffs. */
const polyglot = () => {
  const b = FILES.png(2048);
  Buffer.from('<html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>').copy(b, 64);
  return b;
};

describe('ConfirmCreativeUpload keeps exactly what it checked', () => {
  it('refuses a file re-posted through the form while it is checked, and keeps nothing', async () => {
    const line = await draftLine();
    const png = FILES.png(3000);
    const upload = await ask(line, png);
    expect((await postFile(upload, png)).status).toBe(204);
    Object.assign(racer, { upload, file: FILES.text(3000), readSeen: false, reposted: 0 });
    const confirmed = await call('ConfirmCreativeUpload', { ...line, creativeId: upload.Creative.ID });
    expect(racer.reposted).toBe(1);
    expect([confirmed.status, confirmed.body.ErrorCode]).toEqual([409, 'CREATIVE_CHANGED']);
    expect(await readHead(keptKey(line, upload.Creative.ID), 16)).toBeUndefined();
    expect(
      (
        await getCreative(
          c.companyId,
          { MediaMixId: line.mediaMixId, MediaChannelId: line.mediaChannelId, ID: upload.Creative.ID },
          true,
        )
      )?.Status,
    ).toBe('Pending');
  });

  it('refuses an image whose content carries markup a browser would run (a polyglot), and keeps nothing', async () => {
    const line = await draftLine();
    const file = polyglot();
    const upload = await ask(line, file);
    expect((await postFile(upload, file)).status).toBe(204);
    const confirmed = await call('ConfirmCreativeUpload', { ...line, creativeId: upload.Creative.ID });
    expect([confirmed.status, confirmed.body.ErrorCode]).toEqual([400, 'CREATIVE_CONTENT_MARKUP']);
    expect(confirmed.body.ErrorParams).toMatchObject({ fileName: 'banner.png', markup: '<html' });
    expect(await readHead(keptKey(line, upload.Creative.ID), 16)).toBeUndefined();
  });

  it('serves the kept file as an attachment of its checked type, with the checked bytes', async () => {
    const line = await draftLine();
    const png = FILES.png(3000);
    const upload = await ask(line, png);
    expect((await postFile(upload, png)).status).toBe(204);
    expect((await call('ConfirmCreativeUpload', { ...line, creativeId: upload.Creative.ID })).status).toBe(200);
    const list = await call('GetCreativesList', line);
    const res = await fetch(list.body.Response.Items[0].Url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });
});
