import path from 'node:path';
import { build } from 'esbuild';
import { handlerFile, kebab, ROUTES } from '../../lambdas/manifest';
import { routeListsOf } from '../../bench/handler-bundles';

/**
 * Each Lambda bundles its own ROUTE only (and so its own schema): a schema edit of one service then
 * changes that service's functions and redeploys no other, and no bundle carries the other routes'
 * schemas and summaries. The handler kit takes the route from the handler
 * (`serviceHandler(getAccountInfoRoute, …)`) instead of importing the whole manifest; routes/route.ts
 * says what keeps a route literal droppable. The bench prints the route files' column for the real bundles.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The route files of a service: its own, plus TemplatesService's second list (template application). */
const ownLists = (service: string) => (service === 'TemplatesService' ? ['template-application', 'templates-service'] : [kebab(service)]);

describe('handler bundles carry only their own service', () => {
  it.each(ROUTES.map((r) => [`${r.service}.${r.method}`, r] as const))('%s', async (_name, route) => {
    const out = await build({
      entryPoints: [path.join(ROOT, handlerFile(route))], bundle: true, write: false, metafile: true,
      platform: 'node', format: 'esm', logLevel: 'silent',
      // Packages are not what this checks; leaving them out keeps 54 builds fast.
      packages: 'external',
    });
    const lists = routeListsOf(out.metafile);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(ownLists(route.service)).toContain(list);
    expect(Object.keys(out.metafile.inputs).some((p) => p.endsWith('lambdas/manifest.ts'))).toBe(false);
    // Of its service's routes, only its own is in the code (the others were imported and dropped).
    const code = out.outputFiles[0].text;
    const kept = ROUTES.filter((r) => r.service === route.service && code.includes(`method: "${r.method}"`)).map((r) => r.method);
    expect(kept).toEqual([route.method]);
  });
});
