import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ACCESS, isAllowed } from '../lib/authorization';
import { homePathFor } from '../lib/auth';
import type { FeatureRoute } from '../lib/feature';
import { PROFILES } from '../testing/fixtures';
import { FEATURES } from './features';

/**
 * No screen is reachable only by typing its address: every route a role may open is in that role's
 * menu, or opened from a screen the same role reaches (a row action or a link: `openedFrom`, whose
 * source really links to it), or from the signed-in layout itself ('layout': the drawer's profile
 * link); a route that only redirects is exempt. Each role lands on a screen it may open: its home.
 */
const FEATURES_DIR = path.join(__dirname, '..', 'features');
const routes = FEATURES.flatMap((f) => f.routes.map((route) => ({ feature: f.id, route }))).filter(
  ({ route }) => !route.guest,
);
const byPath = new Map(routes.map((r) => [r.route.path.toLowerCase(), r]));

/** The sources (not tests) of a feature's folder. */
function sourcesOf(feature: string): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'index.ts') out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(FEATURES_DIR, feature));
  return out.join('\n');
}

/** The static end of a path after its last parameter ('/accounts/:accountId/connectors/list' → '/connectors/list'). */
const tailOf = (p: string) => p.slice(p.lastIndexOf('/:') === -1 ? 0 : p.indexOf('/', p.lastIndexOf('/:') + 1));

describe('every screen a role may open is reachable from its menu or a row action', () => {
  it('each route names how it is reached, and the screens it names do link to it', () => {
    const unreached = routes
      .filter(({ route }) => !route.menu && !route.openedFrom?.length && !route.redirect)
      .map(({ route }) => route.path);
    expect(unreached).toEqual([]);
    for (const { route } of routes) {
      for (const from of route.openedFrom ?? []) {
        const source =
          from === 'layout'
            ? sourcesOf('layout')
            : sourcesOf(byPath.get(from.toLowerCase())?.feature ?? '(no such route)');
        expect([route.path, from, source.includes(tailOf(route.path))]).toEqual([route.path, from, true]);
      }
    }
  });

  it.each(Object.entries(PROFILES))(
    '%s: every route it may open is in its menu or opened from a screen it reaches',
    (_, profile) => {
      const may = (r: FeatureRoute) => isAllowed(profile, r.access ?? ACCESS.none);
      const reached = new Set<string>();
      // Breadth first from the menu and the layout: a screen is reached once one that links to it is.
      let grew = true;
      while (grew) {
        grew = false;
        for (const { route } of routes) {
          if (reached.has(route.path) || !may(route)) continue;
          const viaMenu = !!route.menu;
          const viaScreen = (route.openedFrom ?? []).some(
            (from) => from === 'layout' || reached.has(byPath.get(from.toLowerCase())?.route.path ?? ''),
          );
          if (viaMenu || viaScreen || route.redirect) {
            reached.add(route.path);
            grew = true;
          }
        }
      }
      expect(
        routes.filter(({ route }) => may(route) && !reached.has(route.path)).map(({ route }) => route.path),
      ).toEqual([]);
    },
  );

  it.each([
    ['planner', '/dashboard/default'],
    ['admin', '/accounts/list'],
    ['client', '/accounts/list'],
  ] as const)('the %s lands on its home, %s, a screen it may open', (who, home) => {
    const profile = PROFILES[who];
    const landing = homePathFor({ accessToken: 't', idToken: 't', profile, mfa: true });
    expect(landing).toBe(home);
    expect(isAllowed(profile, byPath.get(landing.toLowerCase())?.route.access ?? ACCESS.none)).toBe(true);
    // Without MFA too, unless the company requires it (then the profile page, to turn it on, comes first).
    expect(
      homePathFor({ accessToken: 't', idToken: 't', profile: { ...profile, MfaRequired: false }, mfa: false }),
    ).toBe(home);
    expect(
      homePathFor({ accessToken: 't', idToken: 't', profile: { ...profile, MfaRequired: true }, mfa: false }),
    ).toBe('/user/account-profile/profile2');
  });
});
