/** @jest-environment jsdom */
import { fakeStorage } from '../testing/fake-storage';
import { StorageRefusal, uploadToStorage } from './storage-upload';

const POST = { Url: 'http://s3.test/bucket', Fields: { key: 'uploads/1', Policy: 'p' } };
const refusalOf = (p: Promise<void>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof StorageRefusal ? e.code : String(e)),
  );

it('posts the fields, then the file last, and reports progress as a share', async () => {
  const sent = fakeStorage();
  const shares: number[] = [];
  await uploadToStorage(POST, new Blob(['abcd']), (s) => shares.push(s));
  expect([...sent[0].keys()]).toEqual(['key', 'Policy', 'file']);
  expect(shares).toEqual([0.5]);
});

it("names the refusal by storage's error code, else the HTTP status, else Network", async () => {
  fakeStorage(400, '<Error><Code>AccessDenied</Code></Error>');
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('AccessDenied');
  fakeStorage(503);
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('HTTP503');
  fakeStorage('network');
  expect(await refusalOf(uploadToStorage(POST, new Blob(['x']), () => undefined))).toBe('Network');
});
