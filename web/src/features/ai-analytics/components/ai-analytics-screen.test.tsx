/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../../app/router';
import { stripIsolates } from '../../../testing/bidi';
import { fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderRoutes, renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ActivityAnalysis, AnalysisFactView } from '../api/ai-analytics-api';
import { AiAnalyticsScreen } from './ai-analytics-screen';
import { answerLang, answerParts } from './analysis-text';

setUpScreenTests({ quiet: true });

const FACTS: AnalysisFactView[] = [
  {
    Id: 'F1',
    SubjectKind: 'plan',
    Subject: 'Hadar always-on — v2',
    Metric: 'pacing_pct',
    Value: 87.5,
    Unit: 'percent',
    Text: 'Pacing of the plan',
  },
  {
    Id: 'F2',
    SubjectKind: 'plan',
    Subject: 'Hadar always-on — v2',
    Metric: 'actual_to_date',
    Value: 1234.5,
    Unit: 'currency',
    Currency: 'ILS',
    Text: 'Actual spend to date',
  },
  {
    Id: 'F3',
    SubjectKind: 'plan',
    Subject: 'Hadar always-on — v2',
    Metric: 'days_left',
    Value: 12,
    Unit: 'days',
    Text: 'Days left in the flight',
  },
  {
    Id: 'F4',
    SubjectKind: 'line',
    Subject: 'Search 2026',
    LineId: 7,
    Metric: 'ctr_vs_plan',
    Value: 1.62,
    Unit: 'ratio',
    Text: "Line CTR against the plan's",
  },
  {
    Id: 'F5',
    SubjectKind: 'group',
    Subject: 'Search',
    Metric: 'impressions',
    Value: 105020,
    Unit: 'count',
    Text: 'Impressions of the group',
  },
];

/** An answer whose figures carry their offsets into the text, as the route answers them. */
function analysisOf(
  text: string,
  figures: [string, string | null][],
  over: Partial<ActivityAnalysis> = {},
): ActivityAnalysis {
  return {
    AccountId: 1,
    ActivityId: 5,
    MediaMixId: 12,
    AsOf: '2026-11-25',
    Lang: 'en',
    ChannelGroup: 'Search',
    Prompt: 'Explain the pacing of Hadar always-on.',
    Shown: 'deterministic',
    Text: text,
    Figures: figures.map(([t, id]) => ({ Text: t, FactId: id, At: text.indexOf(t), Length: t.length })),
    Facts: FACTS,
    Model: 'deterministic',
    ModelAsked: null,
    InputTokens: 0,
    OutputTokens: 0,
    Attempts: 0,
    Fallback: 'NO_MODEL',
    ErrorMessage: null,
    ...over,
  };
}

const ENGLISH = analysisOf(
  'Written by rules, not a language model.\nThe plan is at 87.5% of its planned spend to date [F1]: ₪1,234.50 spent [F2], 12 days left [F3].',
  [
    ['87.5%', 'F1'],
    ['₪1,234.50', 'F2'],
    ['12 days', 'F3'],
  ],
);

const api = (answer: (body: Record<string, unknown>) => ReturnType<typeof ok> | ReturnType<typeof fail>) =>
  mockApi({
    'AccountsService/GetAccountsList': () =>
      ok({
        Items: [
          { ID: 1, Name: 'Hadar Insurance' },
          { ID: 2, Name: 'Other' },
        ],
        NextToken: null,
      }),
    'ActivitiesService/GetActivitiesList': () =>
      ok({ Items: [{ ID: 5, Name: 'Hadar always-on', SubAccountName: null }], NextToken: null }),
    'MediaMixService/GetMediaMixList': () =>
      ok({
        ActivityId: 5,
        Items: [
          { ID: 13, Version: 3, Name: 'v3', Status: 1, StatusName: 'Draft' },
          { ID: 12, Version: 2, Name: 'v2', Status: 3, StatusName: 'Approved' },
        ],
      }),
    'AnalyticsService/RunActivityAnalysis': (b) => answer(b),
  });

const runCalls = (calls: jest.Mock) =>
  calls.mock.calls
    .filter(([url]) => String(url).endsWith('/RunActivityAnalysis'))
    .map(([, init]) => ({
      body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>,
      account: ((init as RequestInit).headers as Record<string, string>)['x-account-id'],
    }));

/** Account → activity; the version defaults to the approved one. */
async function choose() {
  await screen.findByRole('option', { name: 'Hadar Insurance' });
  fireEvent.change(screen.getByTestId('analysis-account'), { target: { value: '1' } });
  await screen.findByRole('option', { name: 'Hadar always-on' });
  fireEvent.change(screen.getByTestId('analysis-activity'), { target: { value: '5' } });
  await waitFor(() => expect((screen.getByTestId('analysis-version') as HTMLSelectElement).value).toBe('12'));
}

const text = (el: Element | null | undefined) => stripIsolates(el?.textContent ?? '');
const factRow = (id: string) => document.getElementById(`fact-${id}`) as HTMLElement;
const cells = (id: string) =>
  within(factRow(id))
    .getAllByRole('cell')
    .map((c) => text(c));

describe('<AiAnalyticsScreen>', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it('runs the chosen version (the approved one by default) and links every figure of the answer to its fact row', async () => {
    const calls = api(() => ok(ENGLISH));
    renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
    await choose();
    expect(screen.getByTestId('group-prompts-link').getAttribute('href')).toBe('/accounts/1/groupTypePrompts/list');
    fireEvent.click(screen.getByTestId('run-analysis'));
    const answer = await screen.findByTestId('analysis-answer');
    expect(runCalls(calls)).toEqual([{ body: { activityId: 5, mediaMixId: 12, lang: 'en' }, account: '1' }]);

    // A sentence to read: the fact ids are small superscript links, not "[F1]" in the text.
    expect(text(answer)).toBe(
      'Written by rules, not a language model.\nThe plan is at 87.5% of its planned spend to date1: ₪1,234.50 spent2, 12 days left3.',
    );
    expect(
      within(answer)
        .getAllByTestId('analysis-citation')
        .map((a) => [a.closest('sup') !== null, text(a), a.getAttribute('href'), a.getAttribute('aria-label')]),
    ).toEqual([
      [true, '1', '#fact-F1', '1 — Fact F1'],
      [true, '2', '#fact-F2', '2 — Fact F2'],
      [true, '3', '#fact-F3', '3 — Fact F3'],
    ]);
    const links = within(answer).getAllByTestId('analysis-figure');
    expect(links.map((a) => [text(a), a.getAttribute('href')])).toEqual([
      ['87.5%', '#fact-F1'],
      ['₪1,234.50', '#fact-F2'],
      ['12 days', '#fact-F3'],
    ]);
    for (const a of links) {
      const row = document.getElementById(a.getAttribute('href')!.slice(1));
      expect(row?.getAttribute('data-testid')).toBe('analysis-fact');
      expect(a.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    }
    // The link says which fact it is when pointed at, without a word in the sentence.
    expect(links[0].getAttribute('title')).toBe('Fact F1: Pacing — Hadar always-on — v2');
    fireEvent.click(links[1]);
    expect(factRow('F2').classList.contains('Mui-selected')).toBe(true);

    // The facts table: translated metrics, values in the console's number formats.
    expect(screen.getAllByTestId('analysis-fact')).toHaveLength(FACTS.length);
    expect(cells('F1')).toEqual(['F1', 'PlanHadar always-on — v2', 'Pacing', '87.50%']);
    expect(cells('F2')).toEqual(['F2', 'PlanHadar always-on — v2', 'Actual to date', '₪1,234.50']);
    expect(cells('F3')[3]).toBe('12 days');
    expect(cells('F4')).toEqual(['F4', 'LineSearch 2026', "CTR vs the plan's", '1.62×']);
    expect(cells('F5')).toEqual(['F5', 'GroupSearch', 'Impressions', '105,020']);

    // Not a model, and why; no tokens spent.
    expect(text(screen.getByTestId('analysis-fallback'))).toBe(
      "This analysis was written by Mixdesk's rules from the facts below, not by a language model. No model is configured here (offline).",
    );
    expect(text(screen.getByTestId('analysis-model'))).toBe(
      "Model: none (Mixdesk's rules) · tokens: 0 in, 0 out · model answers asked: 0",
    );
  });

  it("a model's answer: the channel group and language chosen are sent; the model and its tokens are shown, no fallback note", async () => {
    const modelAnswer = analysisOf('CTR on Search 2026 is 1.62x the plan [F4].', [['1.62x', 'F4']], {
      Shown: 'model',
      Model: 'anthropic.claude-3-haiku',
      ModelAsked: 'anthropic.claude-3-haiku',
      InputTokens: 1234,
      OutputTokens: 56,
      Attempts: 1,
      Fallback: null,
    });
    const calls = api(() => ok(modelAnswer));
    renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
    await choose();
    fireEvent.change(screen.getByTestId('analysis-group'), { target: { value: 'Social' } });
    fireEvent.change(screen.getByTestId('analysis-lang'), { target: { value: 'he' } });
    fireEvent.click(screen.getByTestId('run-analysis'));
    await screen.findByTestId('analysis-answer');
    expect(runCalls(calls)[0].body).toEqual({ activityId: 5, mediaMixId: 12, lang: 'he', channelGroup: 'Social' });
    expect(screen.queryByTestId('analysis-fallback')).toBeNull();
    expect(text(screen.getByTestId('analysis-model'))).toBe(
      'Model: anthropic.claude-3-haiku · tokens: 1,234 in, 56 out · model answers asked: 1',
    );
    expect(screen.getByTestId('analysis-figure').getAttribute('href')).toBe('#fact-F4');
  });

  it("lays the answer out by the answer's own language, not the console's", async () => {
    await inHebrew(async () => {
      api(() =>
        ok(
          analysisOf('The plan is at 87.5% [F1] of its planned spend to date.', [['87.5%', 'F1']], {
            Lang: 'he',
            Shown: 'model',
            Model: 'm',
            Fallback: null,
          }),
        ),
      );
      renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
      await choose();
      fireEvent.click(screen.getByTestId('run-analysis'));
      const answer = await screen.findByTestId('analysis-answer');
      expect([answer.getAttribute('dir'), answer.getAttribute('lang')]).toEqual(['ltr', 'en']);
    });
  });

  it('the language of an answer is its own words, not the names it quotes', () => {
    expect(answerLang('"Facebook prospecting — always on" בהוצאה ביתר, בקצב 117.06% [F95].', 'en')).toBe('he');
    expect(answerLang('"קמפיין קיץ" is over-pacing at 117.06% [F95].', 'he')).toBe('en');
    expect(answerLang('87.5% [F1]', 'he')).toBe('he');
    // A gershayim is no quote: the Hebrew between two amounts in ש"ח counts.
    expect(answerLang('Spend 100 ש"ח ועוד הרבה מאוד מילים בעברית כאן 200 ש"ח.', 'en')).toBe('he');
  });

  it('a Hebrew answer asked in English reads right to left; its fact ids are superscripts, no bracket left over', async () => {
    const hebrew =
      '"Search 2026": שיעור ההקלקה בפועל 0.5% [F4] הוא פי 1.62 [F4] מזה של התוכנית כולה (87.5% [F1]). [F2, F3]';
    api(() =>
      ok(
        analysisOf(hebrew, [
          ['0.5%', 'F4'],
          ['1.62', 'F4'],
          ['87.5%', 'F1'],
        ]),
      ),
    );
    renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
    await choose();
    fireEvent.click(screen.getByTestId('run-analysis'));
    const answer = await screen.findByTestId('analysis-answer');
    expect([answer.getAttribute('dir'), answer.getAttribute('lang')]).toEqual(['rtl', 'he']);
    expect(text(answer)).not.toMatch(/[[\]]/);
    expect(text(answer)).toContain('(87.5%1).');
    expect(
      within(answer)
        .getAllByTestId('analysis-citation')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#fact-F4', '#fact-F4', '#fact-F1', '#fact-F2', '#fact-F3']);
    // Each reference reads left to right in its own isolate, so RTL text cannot mirror or reorder it.
    for (const sup of answer.querySelectorAll('sup')) expect(sup.getAttribute('dir')).toBe('ltr');
    // A quoted name is isolated with its quotes, so a Latin name at the start of an RTL line keeps them around it.
    expect([...answer.querySelectorAll('bdi')].map((b) => [b.textContent, b.getAttribute('dir')])).toContainEqual([
      '"Search 2026"',
      'auto',
    ]);
  });

  it('in Hebrew: the answer is asked in Hebrew, reads right to left, and its figures stay left to right', async () => {
    await inHebrew(async () => {
      const hebrew = analysisOf(
        'הקצב עומד על 87.5% מההוצאה המתוכננת עד היום [F1], נותרו 12 ימים [F3].',
        [
          ['87.5%', 'F1'],
          ['12 ימים', 'F3'],
        ],
        { Lang: 'he' },
      );
      const calls = api(() => ok(hebrew));
      renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
      await choose();
      fireEvent.click(screen.getByTestId('run-analysis'));
      const answer = await screen.findByTestId('analysis-answer');
      expect(runCalls(calls)[0].body.lang).toBe('he');
      expect(answer.getAttribute('dir')).toBe('rtl');
      expect(answer.getAttribute('lang')).toBe('he');
      const links = within(answer).getAllByTestId('analysis-figure');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['#fact-F1', '#fact-F3']);
      // Digits and % isolated left to right; a figure with a Hebrew word keeps its own direction, or it would read "ימים 12".
      expect(links.map((a) => a.querySelector('bdi')?.getAttribute('dir') ?? null)).toEqual(['ltr', null]);
      expect(cells('F3')[3]).toBe('12 ימים');
      expect(factRow('F3').querySelector('[data-column="value"] bdi')?.hasAttribute('dir')).toBe(false);
      expect(factRow('F2').querySelector('[data-column="value"] bdi')?.getAttribute('dir')).toBe('ltr');
      expect(text(screen.getByTestId('analysis-fallback'))).toContain('לא על ידי מודל שפה');
      expect(cells('F1')[2]).toBe('קצב');
    });
  });

  it('a failed run is said in the snackbar, and nothing is shown as an answer', async () => {
    api(() => fail(403, 'Required permission missing', 'PERMISSION_MISSING', { requirement: 'systemAdmin' }));
    renderWithProviders(<AiAnalyticsScreen />, '/ai_analytics');
    await choose();
    fireEvent.click(screen.getByTestId('run-analysis'));
    await screen.findByText('Required permission missing');
    expect(screen.queryByTestId('analysis-answer')).toBeNull();
  });
});

describe('the answer cut into text and figures', () => {
  it('uses the offsets when they hold the figure, else finds it after the previous one; a figure not in the text is not linked', () => {
    const t = 'A 10% and 20% and 30%.';
    expect(
      answerParts(t, [
        { Text: '20%', FactId: 'F2', At: 10, Length: 3 },
        { Text: '10%', FactId: 'F1', At: 0, Length: 3 }, // wrong offset: found at 2
        { Text: '99%', FactId: 'F9', At: 18, Length: 3 }, // not there
      ]),
    ).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'figure', text: '10%', factId: 'F1' },
      { kind: 'text', text: ' and ' },
      { kind: 'figure', text: '20%', factId: 'F2' },
      { kind: 'text', text: ' and 30%.' },
    ]);
  });
});

describe('who sees AI analytics (system admins only)', () => {
  const ACCOUNT = { ID: 1, Name: 'Hadar Insurance', ParentId: null, Currency: 2, Status: 'Active' };
  const shell = () =>
    mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [ACCOUNT], NextToken: null }),
      'AccountsService/GetMainAccount': () =>
        ok({
          ID: 1,
          Name: 'Hadar Insurance',
          Currency: 2,
          SubAccountId: null,
          SubAccountName: null,
          AccessPermissions: ['view', 'edit'],
        }),
    });
  const sideMenu = async () => {
    await waitFor(() =>
      expect(document.querySelector('[data-testid="side-menu"] [data-menu-id="accounts"]')).not.toBeNull(),
    );
    return screen.getByTestId('side-menu');
  };

  it('a system admin has the entry in Campaign management; a company admin, a planner or an analyst has none', async () => {
    shell();
    signInAs(PROFILES.admin);
    let view = renderRoutes(routes, '/accounts/list');
    expect(
      (await sideMenu()).querySelector('[data-menu-group="campaignManagement"] [data-menu-id="aiAnalytics"]'),
    ).not.toBeNull();
    for (const p of [PROFILES.otherAdmin, PROFILES.planner, PROFILES.analyst]) {
      view.unmount();
      signInAs(p);
      view = renderRoutes(routes, '/accounts/list');
      expect((await sideMenu()).querySelector('[data-menu-id="aiAnalytics"]')).toBeNull();
    }
  });

  it('a company admin who is not a system admin opening either screen gets /forbidden', async () => {
    shell();
    signInAs(PROFILES.otherAdmin);
    const first = renderRoutes(routes, '/ai_analytics');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/forbidden'));
    first.unmount();
    const second = renderRoutes(routes, '/accounts/1/groupTypePrompts/list');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/forbidden'));
  });
});
