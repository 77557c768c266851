import { confirmCreativeUpload, requestCreativeUpload } from '../../lambdas/modules/creatives/uploads';
import { requestCreativeUpload as uploadInput } from '../../lambdas/modules/creatives/schemas';
import type { CreativeChange, CreativeUpload } from '../../lambdas/modules/creatives/replies';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import type { Company } from './world';

/**
 * Creative files for tests: bytes that ARE what they say (a real format's leading bytes, padded),
 * the browser's POST of a file to the pre-signed form, and a whole upload through the domain
 * (request → POST to the local S3 server the jest global setup started → confirm).
 */
const pad = (head: number[] | Buffer, size: number) => {
  const b = Buffer.alloc(size, 0x20);
  Buffer.from(head).copy(b);
  return b;
};

export const FILES = {
  png: (size = 2048) =>
    pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], size),
  jpeg: (size = 2048) => pad([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0], size),
  mp4: (size = 4096) =>
    pad(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2')]), size),
  webm: (size = 4096) =>
    pad(
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
        Buffer.from('webm'),
      ]),
      size,
    ),
  text: (size = 2048) => pad(Buffer.from('This is a text file wearing a .jpg name.\n'), size),
};

/** The browser's upload: the form's fields, then the file last, POSTed to the form's URL. */
export function postFile(
  upload: Pick<CreativeUpload, 'Url' | 'Fields'>,
  file: Buffer,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...upload.Fields, ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), 'file');
  return fetch(upload.Url, { method: 'POST', body: form });
}

export type LineOf = {
  mediaMixId: number;
  mediaChannelId: number;
};

/** Asks for an upload as `who` on the page's (main) account. */
export function askUpload(
  c: Company,
  line: LineOf,
  o: { kind: 'image' | 'video'; fileName: string; contentType: string; size: number },
  who: UserProfile = c.planner,
) {
  return requestCreativeUpload(who, c.accounts.main.ID, uploadInput.parse({ ...line, ...o }));
}

/** A creative uploaded and confirmed on the line (a PNG image, or an MP4 video). */
export async function seedCreative(
  c: Company,
  line: LineOf,
  kind: 'image' | 'video' = 'image',
): Promise<CreativeChange> {
  const file = kind === 'image' ? FILES.png() : FILES.mp4();
  const upload = await askUpload(c, line, {
    kind,
    fileName: kind === 'image' ? 'banner.png' : 'spot.mp4',
    contentType: kind === 'image' ? 'image/png' : 'video/mp4',
    size: file.length,
  });
  const posted = await postFile(upload, file);
  if (posted.status !== 204) throw new Error(`upload answered ${posted.status}: ${await posted.text()}`);
  return confirmCreativeUpload(c.planner, c.accounts.main.ID, { ...line, creativeId: upload.Creative.ID });
}
