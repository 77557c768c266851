import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURES } from './features';

/**
 * A route's prefetch is its own small chunk: it sends the screen's call while the screen's chunks
 * still load (early-route.ts), so it must not pull in the screen. Its static imports, followed
 * through the console's own files, reach no component, no MUI and no server schema.
 */
const SRC = path.resolve(__dirname, '..');
const SERVER = path.resolve(SRC, '..', '..', 'lambdas');

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('@server/') ? path.join(SERVER, spec.slice(8)) : path.resolve(path.dirname(from), spec);
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync) ?? null;
}

/** Every file the module reaches by static imports (type-only imports left out: they are erased). */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('@server/')) {
        const next = resolve(file, spec);
        if (next) visit(next);
      } else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

/** The module each route's prefetch imports, read from its feature's index.ts. */
function prefetchModules(): { feature: string; file: string }[] {
  return FEATURES.flatMap((f) => {
    const index = path.join(SRC, 'features', f.id, 'index.ts');
    if (!existsSync(index)) return [];
    const text = readFileSync(index, 'utf8');
    return [...text.matchAll(/prefetch: \(\) => import\('([^']+)'\)/g)].map((m) => ({
      feature: f.id,
      file: resolve(index, m[1]) as string,
    }));
  });
}

describe("routes' prefetch chunks", () => {
  const modules = prefetchModules();

  it('are found for the screens that prefetch', () => {
    expect(new Set(modules.map((m) => m.feature))).toEqual(
      new Set(['accounts', 'media-plan', 'payables', 'performance']),
    );
    for (const m of modules) expect(m.file).not.toBeNull();
  });

  it.each(modules.map((m) => [m.feature, m.file]))('%s: reaches no component, MUI or server schema', (_f, file) => {
    const { files, packages } = staticGraph(file);
    // The one component-folder file allowed starts the charts' own chunk beside the call.
    const screens = files.filter((f) => f.includes(`${path.sep}components${path.sep}`));
    expect(screens.filter((f) => !f.endsWith(`${path.sep}charts-chunk.ts`))).toEqual([]);
    expect(files.filter((f) => f.includes(`${path.sep}schemas${path.sep}`))).toEqual([]);
    expect(packages.filter((p) => p.startsWith('@mui/') || p === 'zod')).toEqual([]);
  });
});
