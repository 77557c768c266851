/** @jest-environment jsdom */
import '../../testing/polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { chooseLocale } from '../../lib/display/settings-store';
import { ThemeRoot } from '../../lib/display/theme-root';
import { i18n, setLocale } from '../../lib/i18n';
import { ConfirmProvider } from './confirm-dialog';
import { SnackbarProvider } from './snackbar';
import { type EntityActionsOptions, useEntityActions } from './use-entity-actions';

type Item = { ID: number; Name: string };
type Form = { Name: string };

const LISTS = ['ThingsService', 'GetThingsList'] as const;
const KEYS = {
  archiveTitle: 'accounts.confirmArchive.title',
  archiveMessage: 'accounts.confirmArchive.message',
  restoreTitle: 'accounts.actions.restore',
  restoreMessage: 'accounts.confirmArchive.message',
  restored: 'accounts.restored',
  restoreFailed: 'snackbar.saveFailed',
};
const stale = () =>
  new ApiError(409, 'Changed since it was read', 'ThingsService.SaveThing', {
    ErrorCode: 'STALE_VERSION',
    ErrorParams: {},
  });

/** A promise the test settles when it says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let qc: QueryClient;
/** The console's providers (app/providers.tsx, above this layer) and a query cache of the test's own. */
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <ThemeRoot>
      <SnackbarProvider>
        <ConfirmProvider>
          <QueryClientProvider client={qc}>{children}</QueryClientProvider>
        </ConfirmProvider>
      </SnackbarProvider>
    </ThemeRoot>
  </I18nextProvider>
);

function setUp(over: Partial<EntityActionsOptions<Form, Form>> = {}) {
  const calls = { save: [] as Form[], archive: [] as number[], restore: [] as number[] };
  const options: EntityActionsOptions<Form, Form> = {
    listKey: LISTS,
    save: async (form) => void calls.save.push(form),
    archive: async (id) => void calls.archive.push(id),
    restore: async (id) => void calls.restore.push(id),
    keys: KEYS,
    ...over,
  };
  const hook = renderHook(() => useEntityActions<Item, Form>(options), { wrapper });
  return { ...hook, calls };
}
const snackbar = () => screen.findByTestId('snackbar');

beforeAll(async () => {
  chooseLocale('en');
  await setLocale('en');
});
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(cleanup);

describe('useEntityActions: the dialog', () => {
  it('opens on a value at once, and on a read once it answers, `opening` meanwhile', async () => {
    const read = deferred<Form>();
    const { result } = setUp({ load: (id) => (id === null ? { Name: '' } : read.promise) });
    act(() => void result.current.open(null));
    expect(result.current.editing).toEqual({ Name: '' });
    expect(result.current.opening).toBe(false);

    act(() => result.current.setEditing(null));
    let opened!: Promise<void>;
    act(() => {
      opened = result.current.open(7);
    });
    expect(result.current.opening).toBe(true);
    expect(result.current.editing).toBeNull();
    await act(async () => {
      read.resolve({ Name: 'Seven' });
      await opened;
    });
    expect(result.current.editing).toEqual({ Name: 'Seven' });
    expect(result.current.opening).toBe(false);
  });

  it('a failed read leaves the dialog closed and says so', async () => {
    const { result } = setUp({ load: () => Promise.reject(new Error('offline')) });
    await act(() => result.current.open(7));
    expect(result.current.editing).toBeNull();
    expect(result.current.opening).toBe(false);
    expect((await snackbar()).textContent).toContain('Loading failed');
  });

  it('opens nothing without `load` (the screen sets `editing` itself)', async () => {
    const { result } = setUp();
    await act(() => result.current.open(7));
    expect(result.current.editing).toBeNull();
  });
});

describe('useEntityActions: the save', () => {
  it('saves the form, closes the dialog and says it is saved', async () => {
    const { result, calls } = setUp();
    act(() => result.current.setEditing({ Name: 'Draft' }));
    await act(() => result.current.save({ Name: 'Final' }));
    expect(calls.save).toEqual([{ Name: 'Final' }]);
    expect(result.current.editing).toBeNull();
    expect((await snackbar()).textContent).toContain('Changes successfully saved');
  });

  it('a refused save rejects, so the dialog stays open, and shows why', async () => {
    const { result } = setUp({ save: () => Promise.reject(new Error('boom')) });
    act(() => result.current.setEditing({ Name: 'Draft' }));
    await act(() => expect(result.current.save({ Name: 'Final' })).rejects.toThrow('boom'));
    expect(result.current.editing).toEqual({ Name: 'Draft' });
    expect((await snackbar()).textContent).toContain('Failed saving changes');
  });

  it("a stale save's Reload closes the dialog and reads the entity's lists again, nothing else", async () => {
    qc.setQueryData([...LISTS, { archived: false }], { Items: [] });
    qc.setQueryData(['OtherService', 'GetOtherList'], { Items: [] });
    const { result } = setUp({ save: () => Promise.reject(stale()) });
    act(() => result.current.setEditing({ Name: 'Draft' }));
    await act(() => expect(result.current.save({ Name: 'Final' })).rejects.toBeInstanceOf(ApiError));
    expect(result.current.editing).toEqual({ Name: 'Draft' });
    const bar = await snackbar();
    expect(bar.textContent).toContain('changed by someone else');
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Reload' })));
    expect(result.current.editing).toBeNull();
    expect(qc.getQueryState([...LISTS, { archived: false }])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['OtherService', 'GetOtherList'])?.isInvalidated).toBe(false);
  });
});

/** Starts an action that asks first, checks what the dialog says, answers with `button` and waits for the action's end. */
async function answer(start: () => Promise<void>, button: string, says: string[] = []): Promise<void> {
  let done!: Promise<void>;
  act(() => {
    done = start();
  });
  const dialog = await screen.findByRole('dialog');
  for (const text of says) expect(dialog.textContent).toContain(text);
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
    await done;
  });
}

describe('useEntityActions: archive and restore', () => {
  it('archives only once the user confirms, naming the item', async () => {
    const { result, calls } = setUp();
    const keshet = { ID: 4, Name: 'Keshet' };
    await answer(() => result.current.archive(keshet), 'Archive', [
      'Archive account?',
      '"Keshet" will move to the archive',
    ]);
    expect(calls.archive).toEqual([4]);
    expect((await snackbar()).textContent).toContain('Successfully deleted');
  });

  it('a cancelled archive archives nothing', async () => {
    const { result, calls } = setUp();
    await answer(() => result.current.archive({ ID: 4, Name: 'Keshet' }), 'Cancel');
    expect(calls.archive).toEqual([]);
  });

  it('restores once confirmed and says so', async () => {
    const { result, calls } = setUp();
    await answer(() => result.current.restore({ ID: 5, Name: 'Old' }), 'Restore');
    expect(calls.restore).toEqual([5]);
    expect((await snackbar()).textContent).toContain('Account restored');
  });

  it("a refused restore is the feature's to show when it gives `restoreError`", async () => {
    const shown: unknown[] = [];
    const refusal = new Error('formula broken');
    const { result } = setUp({
      restore: () => Promise.reject(refusal),
      restoreError: (err) => void shown.push(err),
    });
    await answer(() => result.current.restore({ ID: 5, Name: 'Old' }), 'Restore');
    expect(shown).toEqual([refusal]);
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });
});
