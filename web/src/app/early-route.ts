import { matchPath } from 'react-router';
import { getSession } from '../lib/auth';
import type { Feature, RouteLocation } from '../lib/feature';

const quiet = () => undefined;

/**
 * Starts the prefetch of the signed-in screen being opened before the router exists: its small chunk
 * loads beside the configuration and the language, and the screen's call leaves as soon as the
 * configuration is in (`ready`). Resolves once the call is sent (or there is none, or its chunk did
 * not load): the first render waits for it, or the chunk's evaluation would queue behind that render
 * and the call leave only after it. The router's loader, later, finds the call in flight (the query
 * cache shares it). The screen's own chunks are left to the router: asked for here they would queue
 * ahead of the language. A chunk that fails here fails again there, where the route shows the error.
 */
export function warmRoute(
  features: readonly Feature[],
  { pathname, search }: RouteLocation,
  ready: Promise<unknown>,
): Promise<void> {
  const route = getSession()
    ? features
        .flatMap((f) => f.routes)
        .find((r) => !r.guest && matchPath({ path: r.path, caseSensitive: false, end: true }, pathname))
    : undefined;
  if (!route?.prefetch) return Promise.resolve();
  return Promise.all([route.prefetch(), ready]).then(([prefetch]) => prefetch({ pathname, search }), quiet);
}
