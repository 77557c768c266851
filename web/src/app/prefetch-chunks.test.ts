import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveImport, staticGraph } from '../testing/static-graph';
import { FEATURES } from './features';

/**
 * A route's prefetch is its own small chunk: it sends the screen's call while the screen's chunks
 * still load (early-route.ts), so it must not pull in the screen. Its static imports, followed
 * through the console's own files, reach no component, no MUI and no server schema.
 */
const SRC = path.resolve(__dirname, '..');

/** The module each route's prefetch imports, read from its feature's index.ts. */
function prefetchModules(): { feature: string; file: string }[] {
  return FEATURES.flatMap((f) => {
    const index = path.join(SRC, 'features', f.id, 'index.ts');
    if (!existsSync(index)) return [];
    const text = readFileSync(index, 'utf8');
    return [...text.matchAll(/prefetch: \(\) => import\('([^']+)'\)/g)].map((m) => ({
      feature: f.id,
      file: resolveImport(index, m[1]) as string,
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
