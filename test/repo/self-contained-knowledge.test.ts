import fs from 'node:fs';
import path from 'node:path';

/**
 * What the code relies on is explained in the repository itself (docs/, comments beside the code),
 * never by an issue number, a session of work or a document that lives outside it: a newcomer with
 * the repository alone must be able to follow every reference. This fails when such a reference
 * comes back in the product's code, its docs or its tools.
 *
 * test/ is not scanned: its fixtures may need such strings (this file names the patterns it looks for).
 */
const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['lambdas', 'lib', 'web/src', 'local', 'bench', 'scripts', 'docs', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|html|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out']);

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) return [];
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) return filesUnder(child);
    return TEXT_FILE.test(entry.name) ? [child] : [];
  });
}

/** Upper-case Markdown names that the repository holds (README.md…): naming one of them is fine. */
function markdownNamesInRepo(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.md')) names.add(entry.name);
    }
  };
  walk(ROOT);
  return names;
}

interface Finding {
  file: string;
  line: number;
  what: string;
  text: string;
}

const LINE_PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues?[ -]?#?\d+/i },
  {
    what: 'an issue or pull request reference',
    pattern: /\b(?:issue|ticket|PR|pull request|see|fixes|closes)\s*#\d+/i,
  },
  // Not at the start of a string: Meta's Graph API words its errors "(#100) …" (its fake speaks it).
  { what: 'an issue reference', pattern: /(?<!['"`])\(#\d+\)/ },
  { what: 'a session of work', pattern: /\b(?:next|last|previous) session\b|\bsession \d+/i },
  { what: 'an absolute path on a work machine', pattern: /(?:^|[\s'"`(])\/(?:work|tmp|home|root)\/\S/ },
];

function findingsIn(file: string, repoMarkdown: Set<string>): Finding[] {
  const out: Finding[] = [];
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  lines.forEach((text, index) => {
    const at = (what: string) => out.push({ file, line: index + 1, what, text: text.trim().slice(0, 160) });
    for (const { what, pattern } of LINE_PATTERNS) if (pattern.test(text)) at(what);
    for (const [name] of text.matchAll(/\b[A-Z][A-Z0-9_-]*\.md\b/g))
      if (!repoMarkdown.has(name)) at(`a document outside the repository (${name})`);
    for (const [relative] of text.matchAll(/(?:\.\.\/)+[\w@-][\w./@-]*/g)) {
      const resolved = path.resolve(ROOT, path.dirname(file), relative);
      if (path.relative(ROOT, resolved).startsWith('..')) at(`a path outside the repository (${relative})`);
      // A doc's commands run from the root, where `../x` is outside too: a doc names only what exists.
      else if (file.endsWith('.md') && !fs.existsSync(resolved))
        at(`a path that is not in the repository (${relative})`);
    }
  });
  return out;
}

describe('self-contained knowledge', () => {
  const repoMarkdown = markdownNamesInRepo();
  const files = SCANNED.flatMap(filesUnder);

  it('scans the product, its tools and its docs', () => {
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(5);
    expect(files.filter((f) => f.startsWith('lambdas/')).length).toBeGreaterThan(100);
  });

  it('names no issue, session or document outside the repository', () => {
    const findings = files.flatMap((file) => findingsIn(file, repoMarkdown));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.what}: ${f.text}`)).toEqual([]);
  });

  it('catches each kind of reference', () => {
    const probe = (text: string) => {
      const file = 'docs/probe.md';
      const spy = jest.spyOn(fs, 'readFileSync').mockReturnValueOnce(text);
      try {
        return findingsIn(file, repoMarkdown).map((f) => f.what);
      } finally {
        spy.mockRestore();
      }
    };
    expect(probe('as decided in issue 8')).toEqual(['an issue number']);
    expect(probe('fixed (#12)')).toEqual(['an issue reference']);
    expect(probe('see #31 for why')).toEqual(['an issue or pull request reference']);
    expect(probe('left for the next session')).toEqual(['a session of work']);
    // Built at run time, so this file holds no such path itself.
    expect(probe(`read ${['', 'work', 'shared', 'notes'].join('/')}`)).toEqual(['an absolute path on a work machine']);
    expect(probe('the rules of SPEC.md')).toEqual(['a document outside the repository (SPEC.md)']);
    expect(probe('install them in ../sdk-bench')).toEqual(['a path that is not in the repository (../sdk-bench)']);
    expect(probe('see ../../shared/notes.txt')).toEqual(['a path outside the repository (../../shared/notes.txt)']);
    expect(probe("see docs/domain.md, README.md and ../lambdas/manifest.ts; key C#12#MIX#7; '(#100) limit'")).toEqual(
      [],
    );
  });
});
