import { matchPath } from 'react-router';
import type { Navigation, TitledScreen } from './navigation';

export interface Crumb {
  /** i18n key, or a literal name (an account's) when `literal` is set. */
  label: string;
  literal?: boolean;
  to?: string;
}

export interface Trail {
  crumbs: Crumb[];
  /** i18n key of the screen title. */
  titleKey: string | null;
}

export const MAX_BREADCRUMBS = 8;

const screenAt = (screens: readonly TitledScreen[], pathname: string) =>
  screens.find((s) => matchPath({ path: s.path, caseSensitive: false }, pathname)) ?? null;

/**
 * Screens a page may be opened from with `?from=<origin>[&tab=<tab>]` (activity performance
 * links back to Reports, System Monitoring with its tab, or the account's activities).
 */
const ORIGINS: Readonly<Record<string, string>> = { reports: '/performance/list', monitoring: '/systemMonitoring' };
const TAB = /^[A-Za-z0-9_-]{1,40}$/;

/** The crumb back to the screen named by `?from=` (with its `tab`), when it is one of ORIGINS and titled. */
function originCrumb(search: string, nav: Pick<Navigation, 'screens'>): Crumb | null {
  const q = new URLSearchParams(search);
  const path = ORIGINS[q.get('from') ?? ''];
  const screen = path ? screenAt(nav.screens, path) : null;
  if (!path || !screen) return null;
  const tab = q.get('tab');
  return { label: screen.title, to: tab && TAB.test(tab) ? `${path}?tab=${encodeURIComponent(tab)}` : path };
}

/**
 * Breadcrumbs from the path: Accounts > account name > sub-account name > Activities >
 * Media Plan, each screen of the account area named by its path segment; other screens show their
 * title (their menu entry's), after the screen they belong to. Names come from GetMainAccount; the
 * titles from the features (Navigation, built by the app).
 */
export function buildTrail(
  pathname: string,
  nav: Pick<Navigation, 'screens' | 'accountScreens'>,
  names: { account?: string | null; subAccount?: string | null } = {},
  search = '',
): Trail {
  const trail = pathTrail(pathname, nav, names);
  // Opened from Reports or System Monitoring: the way back is there, not through the account.
  const origin = trail.titleKey ? originCrumb(search, nav) : null;
  return origin ? { crumbs: [origin, { label: trail.titleKey! }], titleKey: trail.titleKey } : trail;
}

function pathTrail(
  pathname: string,
  nav: Pick<Navigation, 'screens' | 'accountScreens'>,
  names: { account?: string | null; subAccount?: string | null },
): Trail {
  const parts = pathname.split('/').filter(Boolean);
  const lower = parts.map((p) => p.toLowerCase());

  if (lower[0] === 'accounts') {
    let titleKey = nav.accountScreens.accounts;
    const crumbs: Crumb[] = [{ label: titleKey, to: '/accounts/list' }];
    const accountId = parts[1] && /^\d+$/.test(parts[1]) ? parts[1] : null;
    if (accountId) {
      crumbs.push({
        label: names.account || `#${accountId}`,
        literal: true,
        to: `/accounts/${accountId}/subAccounts/list`,
      });
      let base = `/accounts/${accountId}`;
      for (let i = 2; i < parts.length; i += 1) {
        const seg = lower[i];
        const next = parts[i + 1];
        if (seg === 'list') continue;
        if (seg === 'subaccounts' && next && /^\d+$/.test(next)) {
          base = `${base}/subAccounts/${next}`;
          crumbs.push({ label: names.subAccount || `#${next}`, literal: true, to: `${base}/activities/list` });
          i += 1;
          continue;
        }
        const key = nav.accountScreens[seg];
        if (!key) continue;
        titleKey = key;
        const hasId = next && /^\d+$/.test(next);
        crumbs.push({ label: key, to: `${base}/${parts[i]}/list` });
        base = `${base}/${parts[i]}${hasId ? `/${next}` : ''}`;
        if (hasId) i += 1;
      }
    }
    const last = crumbs[crumbs.length - 1];
    if (last) delete last.to;
    return { crumbs, titleKey };
  }

  const screen = screenAt(nav.screens, pathname);
  if (!screen) return { crumbs: [], titleKey: null };
  const crumbs: Crumb[] = [{ label: screen.title }];
  for (let up = screen.parent, hops = 0; up && hops < MAX_BREADCRUMBS; hops += 1) {
    const parent = screenAt(nav.screens, up);
    if (!parent) break;
    crumbs.unshift({ label: parent.title, to: up });
    up = parent.parent;
  }
  return { crumbs, titleKey: screen.title };
}
