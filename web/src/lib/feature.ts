import type { ComponentType } from 'react';
import type { MenuIconName } from '../components/menu-icons';
import type { Requirement } from './authorization';
import type { Locale } from './locale';

/**
 * What a feature of the console (web/src/features/<area>/index.ts) tells the app: its routes, their
 * menu entries and titles, the breadcrumb labels of its account-area screens and its string
 * catalogues. The app lists every feature once (app/features.ts); the router, the side menu, the
 * breadcrumbs and the locale registry all read that list, so adding a screen is a folder and a line.
 */
export interface Feature {
  /** The folder's name (features/<id>/); the registry test checks that every folder with an index.ts is listed. */
  id: string;
  routes: readonly FeatureRoute[];
  /**
   * Titles (i18n keys) of the account area's screens by the path segment that names them, e.g.
   * `{ activities: 'titles.activities' }` for /accounts/7/activities/list (breadcrumbs).
   */
  breadcrumbs?: Readonly<Record<string, string>>;
  /**
   * The feature's own strings (locales/<name>.<locale>.json), loaded with its first route, only in
   * the languages in use: the sign-in route and /accounts/list carry every catalogue loaded at
   * start-up against their 250 kB budgets. By convention the screens' chunk names them:
   * `() => import('./routes').then((m) => m.catalogues)`.
   */
  catalogues?: () => Promise<Catalogues>;
  /**
   * A widget of the signed-in app bar (the notifications bell), loaded after the layout shows, with
   * the feature's catalogues: `() => import('./routes').then((m) => m.Bell)`. Rendered in feature order.
   */
  appBar?: () => Promise<ComponentType>;
}

/** String catalogues by file name (without `.<locale>.json`) and locale. */
/** Per file name, a loader of each locale's file (locales/areas.ts areaCatalogues). */
export type Catalogues = Readonly<
  Record<string, Partial<Record<Locale, () => Promise<{ default: Record<string, unknown> }>>>>
>;

/** The parts of an address a prefetch reads. */
export type RouteLocation = Pick<Location, 'pathname' | 'search'>;

export interface FeatureRoute {
  /** Matched case-insensitively, so a menu entry can spell it its own way (/Users/list). */
  path: string;
  /**
   * The screen, imported when the route is first visited: each feature's signed-in screens are one
   * chunk of their own (`() => import('./routes').then((m) => m.XRoute)`).
   */
  screen: () => Promise<ComponentType>;
  /**
   * What the screen will ask the API for, into the query cache the screen reads, from a small
   * module that reaches no component: `() => import('./api/list-request').then((m) =>
   * m.prefetchAccounts)`. On the first load it is sent before React renders anything
   * (app/early-route.ts); the router calls it too, with the address being opened, on every
   * navigation to the route.
   */
  prefetch?: () => Promise<(location: RouteLocation) => void>;
  /** What the user needs (shared/policy.ts); without it, /forbidden. Omitted: being signed in. */
  access?: Requirement;
  /** Only for signed-out visitors (sign-in, registration); a signed-in user is sent home. */
  guest?: boolean;
  /**
   * The screen's title and breadcrumb (i18n key) outside the account area. A screen in the menu is
   * titled by its entry (`menu.<id>`) unless it says otherwise.
   */
  title?: string;
  /** The screen whose crumb comes before this one (its path), e.g. the users list before a user. */
  parent?: string;
  /** Its entry in the side menu, shown to whoever meets `access`. */
  menu?: MenuEntry;
  /**
   * How a screen without a menu entry is reached: the paths of the screens whose row actions or
   * links open it ('layout': the signed-in layout's own links). app/reachability.test.ts checks that
   * every route a role may open is reached so, and that those screens' sources link to it.
   */
  openedFrom?: readonly string[];
  /** The route only redirects to another screen (an old address kept working). */
  redirect?: true;
}

/** The side menu's groups; app/navigation.ts shows them in this order. */
export type MenuGroupId = 'campaignManagement' | 'settings' | 'globalSettings';

export interface MenuEntry {
  /** Names the entry (`data-menu-id`) and its title, `menu.<id>`. */
  id: string;
  group: MenuGroupId;
  /** Position inside its group; entries of several features interleave by it. */
  order: number;
  icon: MenuIconName;
  /**
   * Drawn after the entry's title (a count): a lazy component (`lazy(() => import(…))`), so its
   * code and its reads load with the signed-in layout, never with the start-up bundle.
   */
  badge?: ComponentType;
}
