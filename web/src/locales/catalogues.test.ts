/** @jest-environment jsdom */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fr from './fr.json';
import ro from './ro.json';
import zh from './zh.json';
import { CATALOGUES } from './registry';

type Tree = { [k: string]: string | string[] | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

/** A locale's strings as the console has them: every registered file of it, merged. */
function merged(locale: 'he' | 'en'): Tree {
  const deep = (a: Tree, b: Tree): Tree => {
    const out: Tree = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = typeof v === 'object' && !Array.isArray(v) && typeof out[k] === 'object' ? deep(out[k] as Tree, v) : v;
    return out;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return Object.keys(CATALOGUES[locale]).reduce<Tree>((acc, file) => deep(acc, require(`./${file}.json`) as Tree), {});
}
const he = merged('he');
const en = merged('en');

const SRC = path.resolve(__dirname, '..');
const sources = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
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

describe('message catalogues', () => {
  it('Hebrew and English have the same keys', () => {
    expect(keys(he as Tree).sort()).toEqual(keys(en as Tree).sort());
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
    for (const id of ['managerDashboard', 'systemMonitoring', 'accounts', 'aiAnalytics', 'reports', 'configurations', 'agentConnectors', 'customColumns', 'templates', 'users', 'channelTypes', 'globalConnectors']) {
      expect(en_.has(`menu.${id}`)).toBe(true);
    }
    for (const s of [-1, 1, 2, 3, 4, 5]) expect(en_.has(`activityStatus.${s}`)).toBe(true);
    for (const r of [1, 2, 3, 4, 5]) expect(en_.has(`roles.${r}`)).toBe(true);
  });

  it('French, Romanian and Chinese name only keys that English has', () => {
    const en_ = new Set(keys(en as Tree));
    for (const cat of [fr, ro, zh]) expect(keys(cat as Tree).filter((k) => !en_.has(k))).toEqual([]);
  });
});
