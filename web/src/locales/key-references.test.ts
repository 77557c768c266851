import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every Hebrew and English string is one the console can show: a key no source file under web/src
 * names is dead weight that translators keep paying for (the old hand-written validators left a
 * dozen behind), and a key one language has and the other lacks falls back to the wrong language.
 *
 * "Named" means, in a source file that is not a test (nor test support): the key as a string
 * literal — `t('a.b')`, `i18nKey="a.b"`, and the literals the code hands to t() later (`titleKey:
 * 'menu.x'`, `t(cond ? 'a.b' : 'a.c')`, a table of keys) — or a key under one of the DYNAMIC
 * patterns below, which the code builds at run time. Each pattern must still be built somewhere
 * (the test finds its template literal) and still cover a key, so the list cannot go stale.
 */
const DYNAMIC: readonly string[] = [
  // lib/api-error-text.ts: a reply's code, its reason, a Cognito error's name, and the params whose
  // value is a word to translate (TRANSLATED_VALUES: entity, plan status and action, a value's type, activity status).
  'apiErrors.codes.',
  'apiErrors.reasons.',
  'apiErrors.cognito.',
  'apiErrors.entities.',
  'apiErrors.planStatus.',
  'apiErrors.planActions.',
  'apiErrors.valueTypes.',
  'apiErrors.documentFormats.',
  'activityStatus.',
  'activities.moveTo.',
  'activities.pacing.',
  'roles.',
  'menu.',
  'accounts.currency.',
  'accounts.dialog.',
  'accounts.fields.',
  'activities.fields.',
  'channelTypes.fields.',
  'configurations.fields.',
  'customColumns.fields.',
  'exchangeRates.fields.',
  'mediaPlan.fields.',
  'templates.fields.',
  'vendors.fields.',
  'profile.digest.fields.',
  'profile.digest.frequencies.',
  'vendors.terms.',
  'vendors.termsShort.',
  'vendors.vat.',
  'vendors.platforms.',
  'channelTypes.activeFilter.',
  'channelTypes.connectors.',
  'channelTypes.groups.',
  'customColumns.formats.',
  'customColumns.scopes.',
  'exchangeRates.source.',
  'language.names.',
  'language.short.',
  'mediaPlan.kpis.',
  'mediaPlan.lineSave.',
  'mediaPlan.status.',
  'mediaPlan.totals.',
  'settings.directions.',
  'settings.fonts.',
  'settings.menuTypes.',
  'settings.presets.',
  // features/orders: the list's columns, a status and a diff line's change by name.
  'orders.columns.',
  'orders.status.',
  'orders.diff.',
  // features/payables: columns, tabs, statuses, reasons, filters, form labels, figures and export headers by name.
  'payables.columns.',
  'payables.tabs.',
  'payables.status.',
  'payables.payStatus.',
  'payables.reasons.',
  'payables.filters.',
  'payables.form.',
  'payables.review.',
  'payables.export.',
  // components/history: a changed field's shared label when its area has none.
  'history.fields.',
  'history.system.',
  // features/users: labels, permissions, statuses and outcomes by their number or name; each action's confirmation, result and history label.
  'users.fields.',
  'users.permissions.',
  'users.status.',
  'users.actions.',
  'users.done.',
  'users.confirm.*.title',
  'users.confirm.*.message',
  'users.history.actions.',
  'users.historyFields.',
  'users.csv.outcomes.',
  // features/companies: the dialog's labels by field name (useRouteForm's labelOf).
  'companies.fields.',
  // features/connectors: statuses, platforms, credential fields, how a campaign is mapped, a test's outcome, the dialogs' labels (labelOf).
  'connectors.status.',
  'connectors.types.',
  'connectors.credentials.',
  'connectors.mappedBy.',
  'connectors.tested.',
  'connectors.fields.',
  'connectors.versionStatus.',
  // features/connectors: a reason by its kind, a platform's campaign status, what a link save did about syncing.
  'connectors.platformError.',
  'connectors.campaignStatus.',
  'connectors.linkSync.',
  // features/monitoring: statuses, platforms, freshness levels and tabs by their name.
  'monitoring.status.',
  'monitoring.types.',
  'monitoring.freshness.',
  'monitoring.tabs.',
  'monitoring.alerts.notes.',
  'monitoring.alerts.status.',
  // features/performance: pacing statuses, phases, reasons and basis notes, connector statuses, version statuses, KPIs and table columns by their name.
  'performance.alert.',
  'performance.basis.',
  'performance.columns.',
  'performance.status.',
  'performance.nullReason.',
  'performance.phase.',
  'performance.connectorStatus.',
  'performance.versionStatus.',
  'performance.kpis.',
  // features/billing: statement columns and totals, connector statuses and FX gaps by their name.
  'billing.columns.',
  'billing.totals.',
  'billing.connectorStatus.',
  'billing.fxGap.',
  // features/reports: filter choices, groupings and grid columns by their name (or code).
  'reports.channelGroups.',
  'reports.columns.',
  'reports.groups.',
  'reports.periods.',
  'reports.platforms.',
  // features/dashboard: channel groups by their name.
  'dashboard.groups.',
  // app/routes/public: the status and information pages by their name.
  'public.*.title',
  'public.*.text',
  'public.*.paragraphs',
  // app/routes/public/accessibility-page.tsx: the statement's sections by their name.
  'public.accessibility.*.title',
  'public.accessibility.*.paragraphs',
  'public.accessibility.*.items',
];

type Tree = { [k: string]: string | string[] | Tree };
const keysOf = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'object' && !Array.isArray(v) ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const LOCALES_DIR = __dirname;
const SRC = path.resolve(__dirname, '..');

/** The he/en catalogue files: the shell's (he.json, en.json) and each area's (<name>.<locale>.json), by name. */
function catalogueFiles(locale: 'he' | 'en'): Map<string, string[]> {
  const files = readdirSync(LOCALES_DIR).filter((f) => f === `${locale}.json` || f.endsWith(`.${locale}.json`));
  return new Map(
    files.map((f) => [
      f.slice(0, -`${locale}.json`.length) || '(shell)',
      keysOf(JSON.parse(readFileSync(path.join(LOCALES_DIR, f), 'utf8')) as Tree),
    ]),
  );
}

/** The console's source files: TypeScript under web/src, without tests and test support. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === 'testing' ? [] : sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });

/** The dotted strings a source names as literals ('a.b', "a.b", `a.b`, i18nKey="a.b"). */
function literalsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(['"`])([A-Za-z][\w-]*(?:\.[\w -]+)+)\1/g)].map((m) => m[2]));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Whether a source builds keys of a DYNAMIC pattern: its template literal (`a.b.${x}`, `a.${x}.c`),
 * or, for a prefix, the prefix as a literal a template completes (TRANSLATED_VALUES' 'apiErrors.entities').
 */
function builds(pattern: string, text: string): boolean {
  const parts = pattern.split('*').map(escape);
  const template = new RegExp(`\`${parts.join('\\$\\{[^}]*\\}')}${pattern.endsWith('.') ? '\\$\\{' : '`'}`);
  return (
    template.test(text) ||
    (pattern.endsWith('.') && !pattern.includes('*') && text.includes(`'${pattern.slice(0, -1)}'`))
  );
}

const matches = (pattern: string, key: string) =>
  pattern.endsWith('.') && !pattern.includes('*')
    ? key.startsWith(pattern)
    : new RegExp(`^${pattern.split('*').map(escape).join('[^.]+')}$`).test(key);

describe('the scan itself', () => {
  it('finds keys named as literals and the patterns built at run time, and nothing else', () => {
    const text =
      "t('a.b'); <Trans i18nKey=\"c.d\" />; label: 'e.f.g', t(x ? 'h.i' : 'h.j'); t(`k.${x}`); `m.${y}.n`; 'notakey'; PREFIXES = { entity: 'p' }; `${PREFIXES[n]}.${v}`;";
    expect([...literalsIn(text)].sort()).toEqual(['a.b', 'c.d', 'e.f.g', 'h.i', 'h.j']);
    expect(builds('k.', text)).toBe(true);
    expect(builds('m.*.n', text)).toBe(true);
    expect(builds('p.', text)).toBe(true);
    expect(builds('z.', text)).toBe(false);
    expect(builds('m.*.o', text)).toBe(false);
    expect(matches('public.*.title', 'public.notFound.title')).toBe(true);
    expect(matches('public.*.title', 'public.notFound.text')).toBe(false);
  });
});

describe('catalogue keys and the code', () => {
  const he = catalogueFiles('he');
  const en = catalogueFiles('en');
  const texts = sources(SRC).map((f) => readFileSync(f, 'utf8'));
  const named = new Set(texts.flatMap((t) => [...literalsIn(t)]));
  const allKeys = [...new Set([...he.values(), ...en.values()].flat())];

  it('each Hebrew catalogue file has exactly the keys of its English twin', () => {
    expect([...he.keys()].sort()).toEqual([...en.keys()].sort());
    expect(he.size).toBeGreaterThan(5);
    for (const [name, keys] of he) {
      const theirs = new Set(en.get(name));
      const mine = new Set(keys);
      expect({
        name,
        onlyHebrew: keys.filter((k) => !theirs.has(k)),
        onlyEnglish: [...theirs].filter((k) => !mine.has(k)),
      }).toEqual({ name, onlyHebrew: [], onlyEnglish: [] });
    }
  });

  it('every dynamic pattern is still built by some source and still covers a key', () => {
    expect(DYNAMIC.filter((p) => !texts.some((t) => builds(p, t)))).toEqual([]);
    expect(DYNAMIC.filter((p) => !allKeys.some((k) => matches(p, k)))).toEqual([]);
  });

  it('every Hebrew and English key is named by a source file (or built by a dynamic pattern)', () => {
    expect(allKeys.length).toBeGreaterThan(500);
    const unused = allKeys.filter((k) => !named.has(k) && !DYNAMIC.some((p) => matches(p, k)));
    expect(unused.sort()).toEqual([]);
  });
});
