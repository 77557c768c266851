import { lazy } from 'react';
import type { Catalogues } from '../../lib/feature';
import { areaCatalogues } from '../../locales/areas';

/**
 * /vendors/list. A .ts file of its own, not the usual routes.tsx: the start-up bundle lists every
 * chunk a route's chunk imports (to preload them), and the build adds the signed-in layout to every
 * routes.tsx (vite.config.mts signedInChunkHint), which made that list long. This one holds only
 * the lazy screen and the strings, so /accounts/list keeps within its JavaScript budget
 * (bench/web-budget.ts); the screen is its own chunk, shown under the signed-in layout's Suspense.
 */
export const VendorsRoute = lazy(() =>
  import('./components/vendors-screen').then((m) => ({ default: m.VendorsScreen })),
);

/**
 * The feature's strings (Feature.catalogues), loaded per language with its route. Its own files are
 * named here rather than in locales/areas.ts, which /accounts/list's chunks carry.
 */
export const catalogues: Catalogues = {
  ...areaCatalogues('history'),
  vendors: {
    he: () => import('../../locales/vendors.he.json'),
    en: () => import('../../locales/vendors.en.json'),
    fr: () => import('../../locales/vendors.fr.json'),
    ro: () => import('../../locales/vendors.ro.json'),
    zh: () => import('../../locales/vendors.zh.json'),
  },
};
