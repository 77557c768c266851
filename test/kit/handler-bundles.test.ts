import { readFileSync } from 'node:fs';
import { handlerFile, ROUTES, type RouteDef } from '../../lambdas/manifest';
import { routeListsOfInputs, type SetBundle } from '../../bench/handler-bundles';
import { sharedBundles } from '../support/bundles';

/**
 * Each Lambda bundles its own ROUTE only (and so its own schema): a schema edit of one service then
 * changes that service's functions and redeploys no other, and no bundle carries the other routes'
 * schemas and summaries. The handler kit takes the route from the handler
 * (`serviceHandler(getAccountInfoRoute, …)`) instead of importing the whole manifest; kit/route.ts
 * says what keeps a route literal droppable. Checked on the bundles as shipped (the run's shared
 * build, test/support/bundles.ts); the bench prints the route files' column for the real bundles.
 */

/** The route file of a route: its module's routes.ts. */
const ownLists = (route: RouteDef) => [`modules/${/^lambdas\/modules\/([\w-]+)\//.exec(handlerFile(route))?.[1]}`];

let bundles: Record<string, SetBundle>;
beforeAll(async () => {
  bundles = await sharedBundles(ROUTES);
});

describe('handler bundles carry only their own service', () => {
  it.each(ROUTES.map((r) => [`${r.service}.${r.method}`, r] as const))('%s', (name, route) => {
    const { inputs, file } = bundles[name];
    const lists = routeListsOfInputs(inputs);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(ownLists(route as RouteDef)).toContain(list);
    expect(inputs.some((p) => p.endsWith('lambdas/manifest.ts'))).toBe(false);
    // Of its service's routes, only its own is in the code (the others were imported and dropped).
    const code = readFileSync(file, 'utf8');
    const kept = ROUTES.filter(
      (r) => r.service === route.service && new RegExp(`method:\\s?"${r.method}"`).test(code),
    ).map((r) => r.method);
    expect(kept).toEqual([route.method]);
  });
});
