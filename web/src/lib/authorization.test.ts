import { REQUIRES } from '@server/shared/policy';
import { ACCESS, isAllowed, Permission } from './authorization';

/** The console guards its screens with the API's named requirements and the API's own canCall. */
describe('console authorization', () => {
  it('every guarded screen states one of the named requirements', () => {
    const named = new Set<unknown>(Object.values(REQUIRES));
    for (const [screen, req] of Object.entries(ACCESS)) expect([screen, named.has(req)]).toEqual([screen, true]);
  });

  it('evaluates them as the API does', () => {
    const client = { Permissions: [Permission.ClientZone], IsSystemAdmin: false };
    const analyst = {
      Permissions: [Permission.OperationalReports, Permission.ManagementReports],
      IsSystemAdmin: false,
    };
    expect(isAllowed(client, REQUIRES.staff)).toBe(false);
    expect(isAllowed(analyst, ACCESS.managerDashboard)).toBe(true);
    expect(isAllowed(analyst, ACCESS.generalSettings)).toBe(false);
    expect(isAllowed(null, ACCESS.none)).toBe(false);
  });
});
