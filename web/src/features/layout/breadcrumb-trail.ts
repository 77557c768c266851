import { findMenuItem } from './menu-filter';
import { MENU_ITEMS } from './menu-items';

export interface Crumb {
  /** i18n key, or a literal name (an account's) when `literal` is set. */
  label: string;
  literal?: boolean;
  to?: string;
}

export interface Trail {
  crumbs: Crumb[];
  /** i18n key of the screen title (SPEC §2 screen titles). */
  titleKey: string | null;
}

export const MAX_BREADCRUMBS = 8;

/** Screen titles of the account area, by the segment that names the screen. */
const ACCOUNT_SCREENS: Record<string, string> = {
  subaccounts: 'titles.subAccounts',
  activities: 'titles.activities',
  mediamix: 'titles.mediaPlan',
  channeltypes: 'titles.channelTypes',
  connectors: 'titles.connectors',
  grouptypeprompts: 'titles.groupTypePrompts',
};

/**
 * Breadcrumbs from the path (SPEC §2): Accounts > account name > sub-account name > Activities >
 * Media Plan; other screens show their menu title. Names come from GetMainAccount.
 */
export function buildTrail(pathname: string, names: { account?: string | null; subAccount?: string | null } = {}): Trail {
  const parts = pathname.split('/').filter(Boolean);
  const lower = parts.map((p) => p.toLowerCase());

  if (lower[0] === 'accounts') {
    const crumbs: Crumb[] = [{ label: 'titles.accounts', to: '/accounts/list' }];
    let titleKey = 'titles.accounts';
    const accountId = parts[1] && /^\d+$/.test(parts[1]) ? parts[1] : null;
    if (accountId) {
      crumbs.push({ label: names.account || `#${accountId}`, literal: true, to: `/accounts/${accountId}/subAccounts/list` });
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
        if (seg === 'stats') {
          titleKey = 'titles.activityPerformance';
          crumbs.push({ label: titleKey });
          continue;
        }
        const key = ACCOUNT_SCREENS[seg];
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

  const item = findMenuItem(MENU_ITEMS, pathname);
  if (item) return { crumbs: [{ label: item.title }], titleKey: item.title };
  if (lower[0] === 'user' && lower[1] === 'account-profile') return { crumbs: [{ label: 'layout.userProfile' }], titleKey: 'layout.userProfile' };
  if (lower[0] === 'users' && lower[2] === 'maint') {
    return { crumbs: [{ label: 'menu.users', to: '/Users/list' }, { label: 'titles.user' }], titleKey: 'titles.user' };
  }
  return { crumbs: [], titleKey: null };
}
