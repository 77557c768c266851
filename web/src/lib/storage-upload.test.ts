/** @jest-environment jsdom */
import { StorageRefusal, uploadToStorage } from './storage-upload';

/** An XMLHttpRequest that ends the way `end` says: a status and body, or a network failure. */
function storageAnswering(end: { status: number; body?: string } | 'network') {
  const sent: FormData[] = [];
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = class {
    status = 0;
    responseText = '';
    upload = { onprogress: null as ((e: ProgressEventInit) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() { /* the URL is the form's */ }
    send(form: FormData) {
      sent.push(form);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
        if (end === 'network') return this.onerror?.();
        this.status = end.status;
        this.responseText = end.body ?? '';
        this.onload?.();
      });
    }
  };
  return sent;
}

const POST = { Url: 'http://s3.test/bucket', Fields: { key: 'uploads/1', Policy: 'p' } };
const refusalOf = (p: Promise<void>) => p.then(() => 'resolved', (e: unknown) => (e instanceof StorageRefusal ? e.code : String(e)));

it('posts the fields, then the file last, and reports progress as a share', async () => {
  const sent = storageAnswering({ status: 204 });
  const shares: number[] = [];
  await uploadToStorage(POST, new Blob(['abcd']), (s) => shares.push(s));
  expect([...sent[0].keys()]).toEqual(['key', 'Policy', 'file']);
  expect(shares).toEqual([0.25]);
});

it("names the refusal by storage's error code, else the HTTP status, else Network", async () => {
  storageAnswering({ status: 400, body: '<Error><Code>AccessDenied</Code></Error>' });
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('AccessDenied');
  storageAnswering({ status: 503 });
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('HTTP503');
  storageAnswering('network');
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('Network');
});
