import { isAllowed } from '../../lib/authorization';
import type { LoginReply } from '../../lib/api-types';
import type { MenuItem } from './navigation';

type Profile = Pick<LoginReply, 'Permissions' | 'IsSystemAdmin'> | null | undefined;

/**
 * The items this user may see: an item needs at least one of its `requeredPermission` and, when
 * marked, a system administrator or agency staff; a group or collapse with no visible children is hidden.
 */
export function filterMenu(items: readonly MenuItem[], profile: Profile): MenuItem[] {
  const out: MenuItem[] = [];
  for (const it of items) {
    if (!isAllowed(profile, { anyOf: it.requeredPermission, systemAdmin: it.systemAdminOnly, staff: it.staffOnly }))
      continue;
    if (it.children) {
      const children = filterMenu(it.children, profile);
      if (children.length === 0) continue;
      out.push({ ...it, children });
    } else {
      out.push(it);
    }
  }
  return out;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/** The item whose url is the path, searched depth-first. */
export function findMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | null {
  for (const it of items) {
    if (it.url && samePath(it.url, pathname)) return it;
    const found = it.children ? findMenuItem(it.children, pathname) : null;
    if (found) return found;
  }
  return null;
}

/** Does this group or collapse hold the current path (so it opens by itself)? */
export function containsPath(item: MenuItem, pathname: string): boolean {
  return findMenuItem(item.children ?? [], pathname) !== null;
}

/** Every url in the menu (tests check each has a route). */
export function menuUrls(items: readonly MenuItem[]): string[] {
  return items.flatMap((it) => [...(it.url ? [it.url] : []), ...menuUrls(it.children ?? [])]);
}
