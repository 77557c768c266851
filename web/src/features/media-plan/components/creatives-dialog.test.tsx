/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CreativeListItem, CreativesList } from '@server/modules/creatives/replies';
import { i18n, setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import planEn from '../../../locales/media-plan.en.json';
import planHe from '../../../locales/media-plan.he.json';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { fakeStorage } from '../../../testing/fake-storage';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { CreativesDialog } from './creatives-dialog';
import { stripIsolates } from '../../../testing/bidi';

setUpScreenTests({ quiet: true });
beforeAll(() => {
  i18n.addResourceBundle('en', 'translation', planEn, true, true);
  i18n.addResourceBundle('he', 'translation', planHe, true, true);
});
afterEach(async () => {
  chooseLocale('en');
  await setLocale('en');
});

const LINE = { mediaMixId: 7, mediaChannelId: 70, name: 'Search', index: 2 };
const item = (o: Partial<CreativeListItem>): CreativeListItem => ({
  ID: 1,
  MediaMixId: 7,
  MediaChannelId: 70,
  Kind: 'image',
  FileName: 'banner.png',
  ContentType: 'image/png',
  Size: 2048,
  Status: 'Active',
  ArchivedAt: null,
  ArchivedBy: null,
  version: 2,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
  Url: 'http://s3.test/banner',
  ...o,
});
const listOf = (items: CreativeListItem[], editable = true): CreativesList => ({
  Items: items,
  Editable: editable,
  UrlsExpireAt: '',
  MaxImageBytes: 1.5 * 1024 * 1024,
  MaxVideoBytes: 7.5 * 1024 * 1024,
});
const UPLOAD = {
  Creative: item({ ID: 9, Status: 'Pending' }),
  Url: 'http://s3.test/bucket',
  Fields: { key: 'uploads/1', Policy: 'p' },
  MaxBytes: 1.5 * 1024 * 1024,
  ExpiresAt: '',
};

const render = (onChanged = jest.fn()) => {
  renderWithProviders(
    <CreativesDialog scope={1} line={LINE} onChanged={onChanged} onClose={() => undefined} />,
    '/accounts/1/activities/5/mediaMix/list',
  );
  return onChanged;
};
const choose = (file: File) => fireEvent.change(screen.getByTestId('creatives-file'), { target: { files: [file] } });

it("shows the line's thumbnails and the limits, and removes a creative (the list read again)", async () => {
  signInAs(PROFILES.planner);
  let items = [
    item({}),
    item({ ID: 2, Kind: 'video', FileName: 'spot.mp4', ContentType: 'video/mp4', Url: 'http://s3.test/spot' }),
  ];
  const api = mockApi({
    'CreativesService/GetCreativesList': () => ok(listOf(items)),
    'CreativesService/DeleteCreative': (body) => {
      items = items.filter((i) => i.ID !== body.creativeId);
      return ok({
        Creative: item({ Status: 'Archived' }),
        Line: { ID: 70, ImageCreatives: 0, VideoCreatives: 1, version: 5 },
      });
    },
  });
  const onChanged = render();
  expect(await screen.findByAltText('banner.png')).toHaveProperty('src', 'http://s3.test/banner');
  expect(screen.getByLabelText('spot.mp4').tagName).toBe('VIDEO');
  expect(screen.getByText(/Images up to 1.5 MB .*videos up to 7.5 MB/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Remove banner.png' }));
  await waitFor(() => expect(screen.queryByAltText('banner.png')).toBeNull());
  expect(callsTo(api, 'DeleteCreative').map((c) => c.body)).toEqual([
    { mediaMixId: 7, mediaChannelId: 70, creativeId: 1 },
  ]);
  expect(onChanged).toHaveBeenCalled();
});

it('uploads a file: asks for the form, posts the file to storage with its fields, confirms, and reads the list again', async () => {
  signInAs(PROFILES.planner);
  let items: CreativeListItem[] = [];
  const api = mockApi({
    'CreativesService/GetCreativesList': () => ok(listOf(items)),
    'CreativesService/RequestCreativeUpload': () => ok(UPLOAD),
    'CreativesService/ConfirmCreativeUpload': () => {
      items = [item({ ID: 9 })];
      return ok({ Creative: item({ ID: 9 }), Line: { ID: 70, ImageCreatives: 1, VideoCreatives: 0, version: 4 } });
    },
  });
  const sent = fakeStorage(204);
  const onChanged = render();
  expect(await screen.findByTestId('creatives-empty')).toBeTruthy();
  await act(async () => choose(new File([new Uint8Array(300)], 'new.png', { type: 'image/png' })));
  expect(await screen.findByAltText('banner.png')).toBeTruthy();
  expect(callsTo(api, 'RequestCreativeUpload')[0].body).toEqual({
    mediaMixId: 7,
    mediaChannelId: 70,
    kind: 'image',
    fileName: 'new.png',
    size: 300,
    contentType: 'image/png',
  });
  expect([...sent[0].keys()]).toEqual(['key', 'Policy', 'file']);
  expect(callsTo(api, 'ConfirmCreativeUpload')[0].body).toEqual({ mediaMixId: 7, mediaChannelId: 70, creativeId: 9 });
  expect(onChanged).toHaveBeenCalled();
});

it("names the refusal in the user's language: the API's 413 by its code, storage's EntityTooLarge with the limit", async () => {
  signInAs(PROFILES.planner);
  chooseLocale('he');
  await setLocale('he');
  i18n.addResourceBundle('he', 'translation', planHe, true, true);
  let refuse = true;
  mockApi({
    'CreativesService/GetCreativesList': () => ok(listOf([])),
    'CreativesService/RequestCreativeUpload': () =>
      refuse
        ? fail(413, 'huge.mp4 is 8 MB', 'CREATIVE_TOO_LARGE', { fileName: 'huge.mp4', size: '8 MB', limit: '7.5 MB' })
        : ok({ ...UPLOAD, MaxBytes: 1024 }),
  });
  fakeStorage(400, '<Error><Code>EntityTooLarge</Code></Error>');
  render();
  await screen.findByTestId('creatives-empty');
  await act(async () => choose(new File([new Uint8Array(10)], 'huge.mp4', { type: 'video/mp4' })));
  expect(stripIsolates((await screen.findByTestId('creatives-error')).textContent)).toBe(
    'גודל huge.mp4 הוא 8 MB; התוכנית מקבלת עד 7.5 MB.',
  );
  refuse = false;
  await act(async () => choose(new File([new Uint8Array(2000)], 'lied.png', { type: 'image/png' })));
  await waitFor(() =>
    expect(stripIsolates(screen.getByTestId('creatives-error').textContent)).toBe(
      'lied.png גדול מ-1 KB, המרבי שהתוכנית מקבלת; הקובץ לא הועלה.',
    ),
  );
});

it('is read only when the server says so (a client, or a version that is not a Draft)', async () => {
  signInAs(PROFILES.client);
  mockApi({ 'CreativesService/GetCreativesList': () => ok(listOf([item({})], false)) });
  render();
  expect(await screen.findByAltText('banner.png')).toBeTruthy();
  expect(screen.getByTestId('creatives-read-only')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  expect(screen.queryByTestId('creatives-file')).toBeNull();
});
