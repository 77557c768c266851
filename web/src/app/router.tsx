import {
  createBrowserRouter,
  Navigate,
  type DataRouter,
  Outlet,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { Loader } from '../components/ui/loader';
import { RequirePermission } from '../lib/authorization';
import type { Feature, FeatureRoute } from '../lib/feature';
import { FEATURES, PUBLIC_STRINGS, STATEMENT_STRINGS } from './features';
import { AuthGuard, GuestGuard } from './routes/guards';
import { RouteError } from './routes/route-error';

const strings = (...areas: Feature[]) =>
  import('./feature-strings').then((m) => Promise.all(areas.map((a) => m.loadFeatureStrings(a))));

/** A public page: its chunk and the public pages' texts, side by side (no signed-in screen loads them). */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => {
    const [m] = await Promise.all([load(), strings(PUBLIC_STRINGS)]);
    return { Component: pick(m) };
  };

/** A public statement page, with its long texts too (no other page loads them). */
const statementPage =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => {
    const [m] = await Promise.all([load(), strings(PUBLIC_STRINGS, STATEMENT_STRINGS)]);
    return { Component: pick(m) };
  };

/**
 * A route's prefetch as its loader: React Router runs a route's own loader beside its lazy, with the
 * address being opened. It returns at once: the screen never waits on it, and asks for what it needs
 * itself (a failed chunk shows through the route's lazy).
 */
const prefetchLoader =
  (load: NonNullable<FeatureRoute['prefetch']>) =>
  ({ request }: LoaderFunctionArgs) => {
    const { pathname, search } = new URL(request.url);
    load().then(
      (prefetch) => prefetch({ pathname, search }),
      () => undefined,
    );
    return null;
  };

/**
 * A feature's route: its screen's chunk and the feature's strings load side by side (the code that
 * merges strings too, only for a feature that has some), then the guard decides.
 */
function featureRoute(feature: Feature, route: FeatureRoute): RouteObject {
  return {
    path: route.path,
    ...(route.prefetch ? { loader: prefetchLoader(route.prefetch) } : {}),
    lazy: async () => {
      const [Screen] = await Promise.all([route.screen(), feature.catalogues ? strings(feature) : undefined]);
      return {
        element: route.access ? (
          <RequirePermission {...route.access}>
            <Screen />
          </RequirePermission>
        ) : (
          <Screen />
        ),
      };
    },
  };
}

/**
 * The console's routes: the public pages, and every feature's routes (app/features.ts) behind the
 * guest or the signed-in guard. The signed-in layout gets the same features for its menu and
 * breadcrumbs, so a route, its menu entry and its title come from one declaration.
 */
export function createRoutes(features: readonly Feature[]): RouteObject[] {
  const routesOf = (guest: boolean) =>
    features.flatMap((f) => f.routes.filter((r) => !!r.guest === guest).map((r) => featureRoute(f, r)));
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader />,
      children: [
        {
          path: '/',
          lazy: page(
            () => import('./routes/public/landing'),
            (m) => m.default,
          ),
        },
        { path: '/pages/landing', element: <Navigate to="/" replace /> },
        {
          path: '/pages/terms-of-service',
          lazy: page(
            () => import('./routes/public/info-page'),
            (m) => m.Terms,
          ),
        },
        {
          path: '/pages/privacy-policy',
          lazy: page(
            () => import('./routes/public/info-page'),
            (m) => m.Privacy,
          ),
        },
        {
          path: '/pages/contact-us',
          lazy: page(
            () => import('./routes/public/info-page'),
            (m) => m.Contact,
          ),
        },
        {
          path: '/pages/faqs',
          lazy: page(
            () => import('./routes/public/info-page'),
            (m) => m.Faqs,
          ),
        },
        {
          path: '/pages/legitimate-interest',
          lazy: statementPage(
            () => import('./routes/public/info-page'),
            (m) => m.LegitimateInterest,
          ),
        },
        {
          path: '/pages/accessibility',
          lazy: statementPage(
            () => import('./routes/public/accessibility-page'),
            (m) => m.AccessibilityStatement,
          ),
        },
        {
          path: '/pages/error',
          lazy: page(
            () => import('./routes/public/status-page'),
            (m) => m.NotFound,
          ),
        },
        {
          path: '/forbidden',
          lazy: page(
            () => import('./routes/public/status-page'),
            (m) => m.Forbidden,
          ),
        },
        { path: '/forbidden1', element: <Navigate to="/forbidden" replace /> },
        { element: <GuestGuard />, children: routesOf(true) },
        {
          element: <AuthGuard />,
          children: [
            {
              lazy: async () => {
                const { SignedInLayout } = await import('./routes/app/signed-in-layout');
                return { element: <SignedInLayout features={features} /> };
              },
              children: routesOf(false),
            },
          ],
        },
        { path: '*', element: <Navigate to="/pages/error" replace /> },
      ],
    },
  ];
}

export const routes = createRoutes(FEATURES);

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Settles when the router has loaded the first address's lazy routes (or failed to: its error
 * element shows). Rendering only then draws the screen in the first render, without the router's
 * fallback rendered and committed in between: on the first load that pass cost the main thread a
 * render and a commit while the chunks were arriving anyway.
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
