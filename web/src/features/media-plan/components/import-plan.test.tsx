/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { ACTIVITY, CHANNEL_TYPES, listItem, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';
import heErrors from '../../../locales/apiErrors.he.json';

type Body = Record<string, unknown>;
type Handler = (body: Body) => { status?: number; json: unknown };

setUpScreenTests({ quiet: true });

const approved = versionInfo({
  Status: 3,
  StatusName: 'Approved',
  ApprovedBy: 'approver@demo.mixdesk.test',
  ApprovedAt: '2026-02-02T09:00:00.000Z',
});
const draft = versionInfo({ ID: 12, Version: 2, SourceMixId: 11 });

/** What PreviewMediaMixImport answers for the file: one line added, one line changed (budget, channel, split, start), one removed. */
const PREVIEW = {
  MediaMixId: 11,
  BaseVersionNumber: 1,
  NewVersionNumber: 2,
  Added: [{ Row: 12, Name: 'Instagram stories', Budget: 2500 }],
  Changed: [
    {
      LineId: 201,
      Name: 'Search - car insurance',
      Changes: [
        { Field: 'Budget', Before: 10000, After: 12000 },
        { Field: 'AccountChannelTypeId', Before: 'Google Search', After: 'Meta' },
        { Field: 'MonthlySplit', Before: '{"2026-03":5000,"2026-04":5000}', After: null },
        { Field: 'StartDate', Before: '2026-03-01', After: '2026-03-15' },
      ],
    },
  ],
  Removed: [{ LineId: 202, Name: 'Pre-roll 15s' }],
  Unchanged: 3,
  Token: 'tok-abc',
};

/** The plan screen of an Approved version 1 (and, once imported, the Draft version 2). */
function importApi(extra: Record<string, Handler> = {}) {
  let made = false;
  return mockApi({
    'MediaMixService/GetMediaMixList': () =>
      ok({ ActivityId: 5, Items: made ? [listItem(draft), listItem(approved)] : [listItem(approved)] }),
    'MediaMixService/GetMediaMixInfo': (body) =>
      ok(JSON.parse(JSON.stringify(body.mediaMixId === 12 ? draft : approved))),
    'ActivitiesService/GetActivityInfo': () => ok(ACTIVITY),
    'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [] }),
    'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 1, Items: CHANNEL_TYPES }),
    'MediaMixService/PreviewMediaMixImport': () => ok(PREVIEW),
    'MediaMixService/ImportMediaMix': () => {
      made = true;
      return ok({ MediaMixId: 12, VersionNumber: 2, ActivityId: 5 });
    },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');

const BYTES = 'PK\u0003\u0004 edited plan';
/** Chooses a file in the import's picker (the button opens it). */
async function chooseFile(
  file = new File([BYTES], 'Spring launch plan v1.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
) {
  await screen.findByTestId('plan-editor');
  const picker = screen.getByTestId('import-plan-file') as HTMLInputElement;
  expect(picker.accept).toContain('.xlsx');
  fireEvent.change(picker, { target: { files: [file] } });
  return screen.findByRole('dialog');
}

const text = (el: Element) => stripIsolates(el.textContent ?? '');

describe('media plan: import from Excel', () => {
  it("previews what the file changes: added with budget, changed by the editor's labels before → after, removed, unchanged count", async () => {
    signInAs(PROFILES.planner);
    const api = importApi();
    render();
    const dialog = await chooseFile();
    await within(dialog).findByTestId('import-preview');
    // The file went as Base64, against the version shown.
    expect(callsTo(api, 'PreviewMediaMixImport')).toHaveLength(1);
    const body = callsTo(api, 'PreviewMediaMixImport')[0].body;
    expect(body.mediaMixId).toBe(11);
    expect(atob(String(body.file))).toBe(BYTES);
    expect(callsTo(api, 'PreviewMediaMixImport')[0].headers['x-account-id']).toBe('1');

    const added = within(dialog).getAllByTestId('import-added-line');
    expect(added.map(text)).toEqual(['Instagram stories · ₪2,500.00']);
    expect(text(within(dialog).getByTestId('import-added').querySelector('h3')!)).toBe('Added lines (1)');
    const changes = within(dialog).getAllByTestId('import-change').map(text);
    expect(changes).toEqual([
      'Budget (net): ₪10,000.00 → ₪12,000.00',
      'Channel: Google Search → Meta',
      'Monthly split: its own per month → spread by days',
      'Start: Mar 1, 2026 → Mar 15, 2026',
    ]);
    expect(text(within(dialog).getByTestId('import-changed-line'))).toContain('Search - car insurance');
    expect(within(dialog).getAllByTestId('import-removed-line').map(text)).toEqual(['Pre-roll 15s']);
    expect(text(within(dialog).getByTestId('import-unchanged'))).toBe('Unchanged lines: 3');
    expect(within(dialog).getByRole('button', { name: 'Create version 2' })).toBeTruthy();
    // Nothing is imported before the planner confirms.
    expect(callsTo(api, 'ImportMediaMix')).toHaveLength(0);
  });

  it("confirm imports with the preview's token and opens the new Draft version", async () => {
    signInAs(PROFILES.planner);
    const api = importApi();
    const { router } = render();
    const dialog = await chooseFile();
    await within(dialog).findByTestId('import-preview');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create version 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?version=12'));
    const sent = callsTo(api, 'ImportMediaMix');
    expect(sent).toHaveLength(1);
    expect(sent[0].body.mediaMixId).toBe(11);
    expect(sent[0].body.token).toBe('tok-abc');
    expect(atob(String(sent[0].body.file))).toBe(BYTES);
    await screen.findByText('Version 2', { selector: 'h2' });
    expect(screen.getByTestId('plan-editor').getAttribute('data-status')).toBe('1');
    expect(await screen.findByText('Version 2 was created as a draft from the file')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a refused file says why, with the sheet, row and column of the bad cell and the cell's own reason; nothing can be imported", async () => {
    signInAs(PROFILES.planner);
    const api = importApi({
      'MediaMixService/PreviewMediaMixImport': () =>
        fail(400, 'Cell G12 of sheet Version 1: must be 0 or more', 'IMPORT_REFUSED', {
          field: 'file',
          reason: 'BAD_CELL',
          sheet: 'Version 1',
          row: 12,
          column: 'G',
          cellReason: 'NOT_NEGATIVE',
        }),
    });
    render();
    const dialog = await chooseFile();
    const refused = await within(dialog).findByTestId('import-refused');
    expect(text(within(refused).getByTestId('import-refused-message'))).toBe(
      'The file has a cell that cannot be imported: sheet Version 1, row 12, column G.',
    );
    expect(text(within(refused).getByTestId('import-refused-cell'))).toBe('Cell G12 must be 0 or more.');
    expect(within(dialog).queryByTestId('import-preview')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(api, 'ImportMediaMix')).toHaveLength(0);
  });

  it('a file over 2 MB (3 MB) is refused in the browser: nothing is sent', async () => {
    signInAs(PROFILES.planner);
    const api = importApi();
    render();
    const dialog = await chooseFile(new File([new Uint8Array(3 * 1024 * 1024)], 'huge.xlsx'));
    expect(text(within(dialog).getByTestId('import-refused-message'))).toBe(
      'The file is 3 MB; an import takes at most 2 MB.',
    );
    expect(callsTo(api, 'PreviewMediaMixImport')).toHaveLength(0);
  });

  it('is offered only where a new version may be started: not on a Draft, not to a client', async () => {
    signInAs(PROFILES.planner);
    importApi({
      'MediaMixService/GetMediaMixInfo': () => ok(JSON.parse(JSON.stringify(versionInfo()))),
      'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [listItem(versionInfo())] }),
    });
    render();
    await screen.findByTestId('plan-editor');
    expect(screen.queryByTestId('import-plan')).toBeNull();
    cleanup();
    signInAs(PROFILES.client);
    importApi();
    render();
    await screen.findByTestId('plan-editor');
    expect(screen.queryByTestId('import-plan')).toBeNull();
    expect(screen.getByTestId('export-plan')).toBeTruthy();
  });

  describe('in Hebrew', () => {
    afterEach(async () => {
      cleanup();
      chooseLocale('en');
      await act(async () => {
        await setLocale('en');
      });
    });

    it('the preview and a refusal speak Hebrew', async () => {
      chooseLocale('he');
      await act(async () => {
        await setLocale('he');
      });
      signInAs(PROFILES.planner);
      importApi({
        'MediaMixService/ImportMediaMix': () =>
          fail(400, 'The file changed since its preview', 'IMPORT_REFUSED', {
            field: 'file',
            reason: 'TOKEN_MISMATCH',
          }),
      });
      render();
      await screen.findByTestId('plan-editor');
      expect(screen.getByTestId('import-plan').textContent).toBe('ייבוא מאקסל');
      const dialog = await chooseFile();
      await within(dialog).findByTestId('import-preview');
      // The editor's Hebrew label; the arrow points the way Hebrew reads (before ← after).
      expect(within(dialog).getAllByTestId('import-change').map(text)[0]).toMatch(
        /^תקציב \(נטו\): \D*10,000\.00\D* ← \D*12,000\.00\D*$/,
      );
      const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
      expect(text(submit)).toBe('יצירת גרסה 2');
      fireEvent.click(submit);
      const refused = await within(dialog).findByTestId('import-refused');
      expect(text(within(refused).getByTestId('import-refused-message'))).toBe(
        `הקובץ ${heErrors.apiErrors.reasons.TOKEN_MISMATCH}.`,
      );
      expect(heErrors.apiErrors.reasons.TOKEN_MISMATCH).toMatch(/[\u0590-\u05FF]/);
    });
  });
});
