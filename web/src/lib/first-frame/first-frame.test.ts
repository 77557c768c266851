/** @jest-environment jsdom */
import '../../testing/polyfills';
import { fakeToken, PROFILES, signInAs, useTestConfig } from '../../testing/fixtures';
import { callApi } from '../api-client';
import { setSession } from '../auth';
import { BUILD_ID } from '../version';
import { dropEarly } from './early-call';
import { drawFrame } from './draw';
import { captureFrame, keepFrame } from './keep';
import { callKey, type FrameScreen } from './screen';
import { startFirstFrame } from './start';

const ITEMS = [
  { ID: 1, Name: 'Alpha' },
  { ID: 2, Name: 'Beta' },
];
const THINGS = { pathname: '/things', search: '' };
const SCREEN: FrameScreen = {
  id: 'things',
  call: ({ pathname }) =>
    pathname === '/things'
      ? { service: 'AccountsService', method: 'GetAccountsList', body: { mainAccountId: -1 }, accountId: null }
      : null,
  rows: (reply, view) =>
    (reply as { Items: typeof ITEMS }).Items.slice(0, view.pageSize).map((t) => [
      { text: String(t.ID) },
      { text: t.Name, href: `/things/${t.ID}` },
      null,
    ]),
};

const THINGS_CALL = callKey(SCREEN.call(THINGS)!);

/** The page as the console drew it: a shell, a count, the grid with its rows and a pager. */
const PAGE = `<header><span>Mixdesk</span><button data-testid="bell"><svg></svg><span data-frame-volatile="">3</span></button></header>
<table><tbody><tr data-frame-row="" data-testid="row" data-account-id="7" class="mui-abc row">
<td>7</td><td id="n7"><a class="link" href="/things/7">Secret Name</a></td>
<td><a href="/things/7/edit" aria-label="Edit Secret Name"><svg class="icon"></svg></a></td></tr>
<tr data-frame-row="" class="row"><td>8</td><td><a href="/things/8">Other Secret</a></td><td><svg></svg></td></tr></tbody></table>
<p data-frame-volatile="">1–2 of 2</p>`;

let fetched: { url: string; body: string }[] = [];
/** The API's stand-in: real calls are the journeys'. Its replies can be copied, as a browser's can. */
function answer(status = 200, json: unknown = { Success: true, Response: { Items: ITEMS, NextToken: null } }) {
  const reply = (): Response =>
    ({ ok: status < 300, status, json: async () => json, clone: () => reply() }) as unknown as Response;
  fetched = [];
  (globalThis as { fetch: unknown }).fetch = jest.fn(async (url: string, init: RequestInit) => {
    fetched.push({ url, body: String(init.body) });
    return reply();
  });
}

const root = () => document.getElementById('root') as HTMLElement;
const kept = () => JSON.parse(localStorage.getItem('mixdesk-frame.things') ?? 'null') as Record<string, unknown> | null;
const settle = () => new Promise((r) => setTimeout(r, 0));

function keepPage() {
  root().innerHTML = PAGE;
  keepFrame('things', 'http://api.test', { locale: 'en', pageSize: 10 }, THINGS_CALL);
  root().innerHTML = '<div class="boot-bar"></div>';
}

beforeEach(() => {
  localStorage.clear();
  document.head.replaceChildren();
  document.body.innerHTML = '<div id="root"><div class="boot-bar"></div></div>';
  localStorage.setItem(
    'mixdesk.styles.mui',
    JSON.stringify({ build: BUILD_ID, names: ['abc'], css: '.mui-abc{color:red}', globals: [] }),
  );
  useTestConfig();
  signInAs(PROFILES.admin);
  answer();
  dropEarly();
});

describe('the first frame', () => {
  it('keeps the page without its rows, counts, test ids or the row’s data', () => {
    root().innerHTML = PAGE;
    keepFrame('things', 'http://api.test', { locale: 'en', pageSize: 10 }, THINGS_CALL);
    const frame = kept();
    expect(frame).toMatchObject({ build: BUILD_ID, apiUrl: 'http://api.test', view: { locale: 'en', pageSize: 10 } });
    const html = String(frame?.html);
    const row = String(frame?.row);
    expect(html).toContain('Mixdesk');
    expect(html).toContain('data-frame-body');
    for (const gone of ['Secret', '1–2 of 2', '>3<', 'data-testid', 'data-frame-row']) expect(html).not.toContain(gone);
    expect(row).toContain('data-frame-row');
    expect(row).toContain('class="icon"');
    for (const gone of ['Secret', 'href', 'aria-label', 'data-account-id', 'data-testid', 'id="n7"', '>7<'])
      expect(row).not.toContain(gone);
  });

  it('keeps nothing of a page without rows, or when signed out', () => {
    root().innerHTML = '<p>No rows</p>';
    keepFrame('things', 'http://api.test', { locale: 'en', pageSize: 10 }, THINGS_CALL);
    expect(kept()).toBeNull();
    signInAs(null);
    root().innerHTML = PAGE;
    keepFrame('things', 'http://api.test', { locale: 'en', pageSize: 10 }, THINGS_CALL);
    expect(kept()).toBeNull();
  });

  it('draws the kept frame with the reply’s rows, inert, and the console takes the call instead of sending it', async () => {
    keepPage();
    startFirstFrame([SCREEN], THINGS);
    expect(fetched).toEqual([{ url: 'http://api.test/AccountsService/GetAccountsList', body: '{"mainAccountId":-1}' }]);
    await settle();
    const frame = root().querySelector('[data-first-frame]');
    expect(frame?.hasAttribute('inert')).toBe(true);
    expect(frame?.getAttribute('aria-busy')).toBe('true');
    // Still loading, as the boot bar on top says.
    expect(frame?.querySelector('.boot-bar')).not.toBeNull();
    const rows = Array.from(root().querySelectorAll('[data-frame-body] > tr'));
    expect(rows.map((r) => r.textContent?.trim())).toEqual(['1Alpha', '2Beta']);
    expect(rows.map((r) => r.querySelector('a.link')?.getAttribute('href'))).toEqual(['/things/1', '/things/2']);
    expect(rows[0]?.querySelector('svg.icon')).not.toBeNull();
    expect(document.head.querySelector('style[data-emotion="mui abc"]')?.textContent).toBe('.mui-abc{color:red}');

    await expect(callApi('AccountsService', 'GetAccountsList', { mainAccountId: -1 })).resolves.toMatchObject({
      Items: ITEMS,
    });
    expect(fetched).toHaveLength(1);
    // Taken once: the same call later reads what is stored then.
    await callApi('AccountsService', 'GetAccountsList', { mainAccountId: -1 });
    expect(fetched).toHaveLength(2);
  });

  it('is not taken by another call, nor after the console has opened its first screen', async () => {
    keepPage();
    startFirstFrame([SCREEN], THINGS);
    await callApi('AccountsService', 'GetAccountsList', { mainAccountId: 5 });
    expect(fetched).toHaveLength(2);
    dropEarly();
    await callApi('AccountsService', 'GetAccountsList', { mainAccountId: -1 });
    expect(fetched).toHaveLength(3);
  });

  it.each([
    ['another user', () => signInAs(PROFILES.planner)],
    ['other display settings', () => localStorage.setItem('mixdesk-settings', '{"mode":"dark"}')],
    ['another build', () => localStorage.setItem('mixdesk-frame.things', JSON.stringify({ ...kept(), build: 'old' }))],
    ['another layout', () => localStorage.setItem('mixdesk-frame.things', JSON.stringify({ ...kept(), width: 0 }))],
    [
      'a token about to expire',
      () => {
        const token = fakeToken().replace(
          /\.[^.]+\./,
          `.${btoa(JSON.stringify({ sub: 'u1', exp: Date.now() / 1000 + 30 }))}.`,
        );
        setSession({ accessToken: token, idToken: token, profile: PROFILES.admin, mfa: true });
      },
    ],
    ['another screen', () => localStorage.removeItem('mixdesk-frame.things')],
  ])('sends nothing and draws nothing for %s', async (_, change) => {
    keepPage();
    change();
    startFirstFrame([SCREEN], THINGS);
    await settle();
    expect(fetched).toHaveLength(0);
    expect(root().querySelector('[data-first-frame]')).toBeNull();
  });

  it.each([
    ['without kept styles', () => localStorage.removeItem('mixdesk.styles.mui'), () => undefined],
    [
      'when the kept styles lack one of its classes',
      () => {
        const frame = kept();
        localStorage.setItem(
          'mixdesk-frame.things',
          JSON.stringify({ ...frame, row: String(frame?.row).replace('mui-abc', 'mui-abd') }),
        );
      },
      () => undefined,
    ],
    ['for a refused call', () => answer(401, { Success: false, ErrorMessage: 'no' }), () => undefined],
    ['for a reply without rows', () => answer(200, { Success: true, Response: { Items: [] } }), () => undefined],
    ['once the console has drawn', () => undefined, () => (root().innerHTML = '<main>console</main>')],
  ])('draws nothing %s', async (_, before, after) => {
    keepPage();
    before();
    startFirstFrame([SCREEN], THINGS);
    after();
    await settle();
    expect(root().querySelector('[data-first-frame]')).toBeNull();
  });

  it('draws a tampered frame without what would run or load', async () => {
    keepPage();
    const frame = kept();
    const html = `${String(frame?.html)}<img src="x" onerror="window.ran=1"><script>window.ran=1</script><a href="javascript:alert(1)">x</a>`;
    localStorage.setItem('mixdesk-frame.things', JSON.stringify({ ...frame, html }));
    startFirstFrame([SCREEN], THINGS);
    await settle();
    const drawn = root().querySelector('[data-first-frame]');
    expect(drawn).not.toBeNull();
    expect(drawn?.querySelector('script')).toBeNull();
    expect(drawn?.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(drawn?.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('keeps a cell drawn by its value once per value, and draws each row’s by its own', () => {
    root().innerHTML = `<table><tbody>
      <tr data-frame-row=""><td><button class="data-link">REF-1</button></td><td data-frame-variant="paid"><span class="chip ok" data-testid="s">Paid</span></td></tr>
      <tr data-frame-row=""><td><button class="data-link">REF-2</button></td><td data-frame-variant="open"><span class="chip">Open</span></td></tr>
      <tr data-frame-row=""><td><button class="data-link">REF-3</button></td><td data-frame-variant="paid"><span class="chip ok">Paid</span></td></tr>
    </tbody></table>`;
    const captured = captureFrame(root());
    expect(captured?.variants).toEqual({
      '1:paid': '<span class="chip ok">Paid</span>',
      '1:open': '<span class="chip">Open</span>',
    });
    for (const gone of ['REF-1', 'Paid']) expect(captured?.row).not.toContain(gone);
    root().innerHTML = '<div class="boot-bar"></div>';
    const frame = {
      build: BUILD_ID,
      user: '',
      settings: '',
      width: 0,
      lang: 'en',
      dir: 'ltr' as const,
      apiUrl: '',
      call: '',
    };
    const rows = [
      [{ text: 'REF-9' }, { variant: 'open' }],
      [{ text: 'REF-8' }, { variant: 'disputed' }],
    ];
    expect(drawFrame(root(), { ...frame, view: { locale: 'en', pageSize: 10 }, ...captured! }, rows)).toBe(true);
    const drawn = Array.from(root().querySelectorAll('[data-frame-body] > tr'), (r) =>
      Array.from(r.children, (c) => c.innerHTML),
    );
    expect(drawn).toEqual([
      ['<button class="data-link">REF-9</button>', '<span class="chip">Open</span>'],
      // A value not met on the last visit is left blank until the console draws it.
      ['<button class="data-link">REF-8</button>', ''],
    ]);
  });
});
