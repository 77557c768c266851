/** @jest-environment jsdom */
import '../testing/polyfills';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FEATURES, PUBLIC_STRINGS, STATEMENT_STRINGS } from '../app/features';
import type { Catalogues } from '../lib/feature';
import { LOCALES, type Locale } from '../lib/locale';
import { CATALOGUES, ERROR_CATALOGUES } from './registry';

type Tree = { [k: string]: string | string[] | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

/** A locale's strings as the console can have them: the shell's files, its error messages and every feature's (app/features.ts), merged. */
async function merged(locale: Locale): Promise<Tree> {
  const deep = (a: Tree, b: Tree): Tree => {
    const out: Tree = { ...a };
    for (const [k, v] of Object.entries(b))
      out[k] = typeof v === 'object' && !Array.isArray(v) && typeof out[k] === 'object' ? deep(out[k] as Tree, v) : v;
    return out;
  };
  const shell = await Promise.all(
    [...Object.values(CATALOGUES[locale]), ERROR_CATALOGUES[locale]].map(
      async (load) => (await load()).default as Tree,
    ),
  );
  const areas = await Promise.all(
    (await featureCatalogues()).flatMap((c) =>
      Object.values(c).flatMap((byLocale) => {
        const load = byLocale[locale];
        return load ? [load().then((mod) => mod.default as Tree)] : [];
      }),
    ),
  );
  return [...shell, ...areas].reduce<Tree>((acc, file) => deep(acc, file), {});
}
const featureCatalogues = (): Promise<Catalogues[]> =>
  Promise.all([...FEATURES, PUBLIC_STRINGS, STATEMENT_STRINGS].map((f) => f.catalogues?.() ?? {}));
const all = {} as Record<Locale, Tree>;
let he: Tree;
let en: Tree;
beforeAll(async () => {
  for (const locale of LOCALES) all[locale] = await merged(locale);
  he = all.he;
  en = all.en;
});

/** The interpolations, nestings and tags of a string, which a translation keeps as they are. */
const slots = (text: string) => (text.match(/\{\{[^}]+\}\}|\$t\([^)]*\)|<\/?\d+>/g) ?? []).sort();

const SRC = path.resolve(__dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });

/** Every literal key the code names: t('a.b'), titleKey: 'a.b', label: 'a.b', `menu.${id}`… */
function literalKeys(): string[] {
  const found = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/\b(?:titleKey|label|title):\s*'([a-z][\w]*\.[\w.]+)'/g)) found.add(m[1]);
  }
  return [...found];
}

/**
 * What a Hebrew string would show out of order: Latin runs whose neutral characters
 * the right-to-left paragraph reorders — a URL's scheme ("https://" shown as "//:https"), a number
 * with its sign ("-5" as "5-"), a run of operators ("+ - * /" reversed) — unless the catalogue wraps
 * them in LRI … PDI. Placeholders are isolated when the text is made (lib/i18n.ts), so they are
 * skipped; a sign after a letter is Hebrew's maqaf ("מ-0"), not a sign.
 */
function unisolatedRuns(text: string): string[] {
  const outside = text.replace(/\{\{[^}]*\}\}/g, '').replace(/[\u2066-\u2068][^\u2066-\u2069]*\u2069/g, '');
  const problems = [...outside.matchAll(/[\u2066-\u2069]/g)].map(() => 'an unbalanced isolate');
  for (const re of [
    /[a-z][a-z0-9+.-]*:\/\/\S*/gi,
    /(?<![\p{L}\p{N}])[+\-\u2212]\d[\d,.%]*/gu,
    /[+\-*/=<>](?: [+\-*/=<>])+/g,
  ]) {
    for (const m of outside.matchAll(re)) problems.push(m[0]);
  }
  return problems;
}
const strings = (t: Tree | string | string[], prefix = ''): [string, string][] =>
  typeof t === 'string'
    ? [[prefix, t]]
    : Array.isArray(t)
      ? t.map((v, i) => [`${prefix}.${i}`, v] as [string, string])
      : Object.entries(t).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));

describe('message catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key English has, and no other', (locale) => {
    expect(keys(all[locale]).sort()).toEqual(keys(en).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    "%s keeps every string's placeholders, and leaves none empty",
    (locale) => {
      const english = new Map(strings(en));
      const problems = strings(all[locale]).flatMap(([key, text]) => {
        const source = english.get(key) ?? '';
        if (text.trim() === '' && source.trim() !== '') return [`${key}: empty`];
        return JSON.stringify(slots(text)) === JSON.stringify(slots(source)) ? [] : [`${key}: ${text}`];
      });
      expect(problems).toEqual([]);
    },
  );

  it('the check of placeholders finds a lost or renamed one', () => {
    expect(slots('Hello {{name}}, <0>see</0>')).toEqual(['</0>', '<0>', '{{name}}']);
    expect(slots('Bonjour {{nom}}')).not.toEqual(slots('Hello {{name}}'));
  });

  it('every key the code uses exists in both', () => {
    const en_ = new Set(keys(en as Tree));
    const he_ = new Set(keys(he as Tree));
    const used = literalKeys();
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => !en_.has(k) && !k.endsWith('.'))).toEqual([]);
    expect(used.filter((k) => !he_.has(k) && !k.endsWith('.'))).toEqual([]);
  });

  it('the menu, titles and permissions have every dynamic key', () => {
    const en_ = new Set(keys(en as Tree));
    for (const id of [
      'managerDashboard',
      'systemMonitoring',
      'accounts',
      'aiAnalytics',
      'reports',
      'configurations',
      'agentConnectors',
      'exchangeRates',
      'customColumns',
      'templates',
      'vendors',
      'users',
      'channelTypes',
      'globalConnectors',
    ]) {
      expect(en_.has(`menu.${id}`)).toBe(true);
    }
    for (const s of [-1, 1, 2, 3, 4, 5]) expect(en_.has(`activityStatus.${s}`)).toBe(true);
    for (const r of [1, 2, 3, 4, 5]) expect(en_.has(`roles.${r}`)).toBe(true);
  });

  it("every catalogue file in locales/ is the shell's or a feature's, by its name", async () => {
    const named = new Set([
      ...LOCALES.flatMap((l) => [...Object.keys(CATALOGUES[l]), `apiErrors.${l}`]),
      ...(await featureCatalogues()).flatMap((c) =>
        Object.entries(c).flatMap(([name, byLocale]) => Object.keys(byLocale).map((l) => `${name}.${l}`)),
      ),
    ]);
    const files = readdirSync(__dirname)
      .filter((f) => /\.(he|en|fr|ro|zh)\.json$/.test(f))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !named.has(f))).toEqual([]);
    // A name is the file it brings: what a feature gives as locales/<name>.<locale>.json is that file.
    for (const c of await featureCatalogues()) {
      for (const [name, byLocale] of Object.entries(c)) {
        expect(Object.keys(byLocale).sort()).toEqual([...LOCALES].sort());
        for (const [locale, load] of Object.entries(byLocale))
          expect((await load!()).default).toEqual(require(`./${name}.${locale}.json`)); // eslint-disable-line @typescript-eslint/no-require-imports
      }
    }
  });
});

describe('bidi in the catalogues', () => {
  it('the check finds what Hebrew would reorder, and passes it isolated', () => {
    expect(unisolatedRuns('צריך להתחיל ב-http:// או ב-https://')).toEqual(['http://', 'https://']);
    expect(unisolatedRuns('הפרש של -5% מהתקציב')).toEqual(['-5%']);
    expect(unisolatedRuns('מדדים עם + - * / וסוגריים')).toEqual(['+ - * /']);
    expect(unisolatedRuns('צריך להתחיל ב-\u2066http://\u2069 או ב-\u2066https://\u2069')).toEqual([]);
    expect(unisolatedRuns('מספר שלם מ-0 עד {{max}}, כמו \u2066-5\u2069')).toEqual([]);
    expect(unisolatedRuns('\u2066http://')).toEqual(['an unbalanced isolate', 'http://']);
  });

  it('no Hebrew string carries an unisolated URL, signed number or run of operators', () => {
    const found = strings(he).flatMap(([key, text]) => unisolatedRuns(text).map((run) => `${key}: ${run}`));
    expect(found).toEqual([]);
  });

  it('English strings carry no bidi controls', () => {
    expect(
      strings(en)
        .filter(([, text]) => /[\u2066-\u2069]/.test(text))
        .map(([key]) => key),
    ).toEqual([]);
  });
});
