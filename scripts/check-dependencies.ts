/**
 * No unused dependency: every package in package.json is imported by the code, named
 * by an npm script or a config file, or is the @types package of one that is. knip would do this
 * and more, but its native parser's per-platform packages are missing from the registry this
 * project installs from (npm ci refuses the lock file), so this small check stands in; dead
 * exports are ts-unused-exports' job (npm run lint).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts: Record<string, string>;
};
const SOURCE_DIRS = ['lambdas', 'lib', 'bin', 'local', 'test', 'bench', 'web', 'scripts', 'eslint'];
const CONFIG_FILES = [
  'jest.config.js',
  'eslint.config.mjs',
  'cdk.json',
  'tsconfig.json',
  'web/tsconfig.json',
  '.ci/run',
];
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'artifacts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(m?[jt]sx?|mts|cjs)$/.test(name) ? [p] : [];
  });
}

/** 'a/b' → 'a'; '@s/a/b' → '@s/a'. */
const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const used = new Set<string>();
const text: string[] = [];
for (const file of SOURCE_DIRS.flatMap((d) => files(path.join(ROOT, d)))) {
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(
    /(?:from\s+|import\s*\(\s*|require(?:\.resolve)?\s*\(\s*|import\s+|jest\.mock\(\s*)['"]([^'".][^'"]*)['"]/g,
  ))
    used.add(packageOf(m[1]));
  // jest docblocks (@jest-environment jsdom) name a package by its short name.
  for (const m of src.matchAll(/@jest-environment\s+([\w-]+)/g)) used.add(`jest-environment-${m[1]}`);
}
for (const f of CONFIG_FILES) {
  try {
    text.push(readFileSync(path.join(ROOT, f), 'utf8'));
  } catch {
    /* optional */
  }
}
text.push(...Object.values(pkg.scripts));
const configText = text.join('\n');

// A peer dependency of a package in use is in use (MUI needs @emotion/styled without our importing it).
for (const name of [...used]) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      peerDependencies?: Record<string, string>;
    };
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) used.add(peer);
  } catch {
    /* not installed: a node: built-in or a path alias */
  }
}

/** Packages whose command, not module, is what the project uses (named by scripts and configs). */
const BIN_OF: Record<string, string> = {
  typescript: 'tsc',
  'aws-cdk': 'cdk',
  'ts-unused-exports': 'ts-unused-exports',
  'dependency-cruiser': 'depcruise',
};

const unused = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => {
  if (used.has(name)) return false;
  if (name.startsWith('@types/')) {
    const of = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
    return !(used.has(of) || ['node', 'jest', 'aws-lambda'].includes(of) || configText.includes(name));
  }
  const bin = BIN_OF[name] ?? name;
  return !new RegExp(`(^|[\\s'"/(])${bin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s'"/)]|$)`, 'm').test(configText);
});

if (unused.length) {
  console.error(`Unused dependencies in package.json: ${unused.join(', ')}`);
  process.exit(1);
}
console.log(`dependencies: all ${Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).length} in use`);
