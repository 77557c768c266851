import { ROUTES, type RouteDef } from '../../lambdas/manifest';

/**
 * The routes of one shard of a generated suite run as several files side by side (the permission
 * matrix, bad input): whole services in manifest order (a service's later routes meet what its
 * earlier ones made), cut where the count of routes is nearest to an even share.
 */
export function routesOfShard(shard: number, of: number): RouteDef[] {
  const routes = ROUTES.map((r) => r as RouteDef);
  const starts = routes.flatMap((r, i) => (i === 0 || routes[i - 1].service !== r.service ? [i] : []));
  const nearest = (target: number) =>
    starts.reduce((best, i) => (Math.abs(i - target) < Math.abs(best - target) ? i : best));
  const cutAt = (k: number) => (k === of ? routes.length : nearest((k * routes.length) / of));
  return routes.slice(cutAt(shard - 1), cutAt(shard));
}

/** The shards' routes together, in order: every route of the manifest once, in manifest order. */
export const allShards = (of: number): RouteDef[] =>
  Array.from({ length: of }, (_, i) => routesOfShard(i + 1, of)).flat();
