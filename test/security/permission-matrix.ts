import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { grants, isClientOnly } from '../../lambdas/shared/permissions';
import { ROUTE_FIXTURES, type RouteCall } from '../support/route-fixtures';
import { invoke, makeCompany, useOwnTable, type Company } from '../support/world';
import { changedItems, startWriteJournal } from '../support/write-journal';
import { allShards, routesOfShard } from './route-shards';

/**
 * Generated from the route manifest: every route refuses a caller who lacks what it requires, and
 * every route refuses ids of another company without changing anything. "Nothing changed" is read
 * from the write journal (test/support/write-journal.ts): the items a call wrote to, before and
 * after, which is the whole table's difference at one read per write (the fuzz suite proves on
 * every route that the journal sees every write the product makes).
 */
const key = (r: RouteDef) => `${r.service}.${r.method}`;

/** A user of the same company who does not meet the route's requirement, or undefined if every signed-in user does. */
function deniedUser(route: RouteDef, c: Company): { user: UserProfile; foreignAccount: boolean } | undefined {
  const users = [c.planner, c.analyst, c.client, c.approver, c.admin];
  const { anyOf, systemAdmin, staff } = route.requires;
  const lacking = users.find(
    (u) =>
      (anyOf?.length && !anyOf.some((p) => grants(u.permissions, p))) ||
      (systemAdmin && !u.isSystemAdmin) ||
      (staff && isClientOnly(u.permissions)),
  );
  if (lacking) return { user: lacking, foreignAccount: false };
  // No permission needed: account-scoped routes are then guarded by account access alone.
  if (route.accountScope !== 'none') return { user: c.client, foreignAccount: true };
  return undefined;
}

/** The matrix of one shard's routes (permission-matrix-N.test.ts), on a table of its own. */
export function describePermissionShard(shard: number, of: number): void {
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    // Its own table: the generated calls never meet another suite's items.
    await useOwnTable(`permissions-${shard}`);
    a = await makeCompany('Company A', { idOffset: 40 });
    b = await makeCompany('Company B');
  });

  if (shard === 1) {
    it('every manifest route has a fixture, and every fixture a route', () => {
      expect(Object.keys(ROUTE_FIXTURES).sort()).toEqual(ROUTES.map((r) => key(r as RouteDef)).sort());
    });
    it('the shards together cover every route once, in manifest order', () => {
      expect(allShards(of).map(key)).toEqual(ROUTES.map((r) => key(r as RouteDef)));
    });
  }

  describe.each(routesOfShard(shard, of).map((r) => [key(r), r] as const))('%s', (name, route) => {
    // One fixture call per route, shared by its four tests: the first two are refusals, which change
    // nothing (they check it), so the body is still current for the allowed call that follows.
    let call: RouteCall;
    beforeAll(async () => {
      call = await ROUTE_FIXTURES[name](a);
    });

    it('refuses a caller without the permission or account access (403) and changes nothing', async () => {
      const denied = deniedUser(route, a);
      if (!denied) {
        // Open to every signed-in user by design (sign-in, crash reports, one's own notifications and digest setting): only these are.
        expect([
          'AuthService.LogInByAws',
          'MainService.CrashSend',
          'NotificationsService.GetNotifications',
          'NotificationsService.MarkNotificationsRead',
          'NotificationsService.GetPacingDigestSetting',
          'NotificationsService.SavePacingDigestSetting',
        ]).toContain(name);
        const disabled = await invoke(route.service, route.method, { as: a.disabled, body: call.body });
        expect(disabled.status).toBe(401);
        return;
      }
      const accountId = denied.foreignAccount ? a.accounts.other.ID : call.accountId;
      const body = denied.foreignAccount
        ? JSON.parse(JSON.stringify(call.body).replaceAll(`:${a.accounts.main.ID}`, `:${a.accounts.other.ID}`))
        : call.body;
      startWriteJournal();
      const r = await invoke(route.service, route.method, { as: denied.user, accountId, body });
      const changed = await changedItems();
      expect(r.status).toBe(403);
      expect(r.body.Success).toBe(false);
      expect(r.body.ErrorMessage).toMatch(/permission|access|client users/i);
      expect(changed).toEqual([]);
    });

    it("refuses another company's ids (403/404) and leaves that company's items alone", async () => {
      const ofA = (x: { before: string; after: string }) =>
        [x.before, x.after].some((i) => i.includes(`"C#${a.companyId}`));
      startWriteJournal();
      const r = await invoke(route.service, route.method, { as: b.admin, accountId: call.accountId, body: call.body });
      const changedOfA = (await changedItems()).filter(ofA);
      if (
        name === 'MainService.CrashSend' ||
        name === 'NotificationsService.GetNotifications' ||
        name === 'NotificationsService.GetPacingDigestSetting' ||
        name === 'NotificationsService.SavePacingDigestSetting' ||
        name === 'CompaniesService.StartCompanyExport'
      ) {
        // Names no id: the report lands in, the list reads, the setting is the caller's own, the export
        // the caller's own company's, in the caller's own company.
        expect(r.status).toBe(200);
      } else {
        expect([403, 404]).toContain(r.status);
        expect(r.body.Success).toBe(false);
      }
      expect(changedOfA).toEqual([]);
    });

    it('answers the allowed caller (positive control: the refusals above are not an accident)', async () => {
      const r = await invoke(route.service, route.method, {
        as: call.allowed,
        accountId: call.accountId,
        body: call.body,
      });
      expect(r.body.ErrorMessage).toBeUndefined();
      expect(r.status).toBe(200);
    });

    it('refuses a caller with no profile (401)', async () => {
      const r = await invoke(route.service, route.method, {
        as: { sub: 'no-such-user' },
        accountId: call.accountId,
        body: call.body,
      });
      expect(r.status).toBe(401);
    });
  });
}
