import { getCompanyConfiguration, saveConfigurationsFor } from '../../lambdas/modules/configurations/configurations';
import { VersionStatus } from '../../lambdas/shared/version-status';
import { todayIn } from '../../lambdas/shared/company-day';
import { makeCompany, type Company } from '../support/world';
import { seedRate, seedSubmitted } from '../support/media-plans';
import { expectOk, info, version } from './helpers';
import { ONLY_DATE } from '../support/clock';

/**
 * "Today" is the company's day (configuration TimeZone, default Asia/Jerusalem), never UTC's: at
 * 00:30 in Israel on 10 March (22:30 UTC on the 9th) an approval fixes the rate of the 10th, and
 * the plan shows the rate of the 10th. A company on UTC gets the 9th at the same instant.
 */
const INSTANT = Date.parse('2026-03-09T22:30:00Z');

describe("the company's day", () => {
  let israel: Company;
  let london: Company;
  beforeAll(async () => {
    [israel, london] = [await makeCompany('Day Agency IL'), await makeCompany('Day Agency UTC')];
    for (const c of [israel, london]) {
      await seedRate(c, '2026-03-09', 'USD', 'ILS', 3.6);
      await seedRate(c, '2026-03-10', 'USD', 'ILS', 3.7);
    }
    const before = await getCompanyConfiguration(london.companyId, true);
    await saveConfigurationsFor(london.admin, { configurations: { TimeZone: 'UTC', version: before.version } });
    // Only Date is frozen: the SDK's timers must keep running.
    jest.useFakeTimers({ now: INSTANT, doNotFake: [...ONLY_DATE] });
  });
  afterAll(() => jest.useRealTimers());

  it('todayIn: 22:30 UTC on the 9th is the 10th in Jerusalem and the 9th in UTC', () => {
    expect(todayIn('Asia/Jerusalem', INSTANT)).toBe('2026-03-10');
    expect(todayIn('UTC', INSTANT)).toBe('2026-03-09');
    expect(new Date().getTime()).toBe(INSTANT);
  });

  it.each([
    ['Asia/Jerusalem (default)', () => israel, '2026-03-10', 3.7],
    ['UTC', () => london, '2026-03-09', 3.6],
  ] as const)(
    '%s: an approval fixes the rate of the company day, and the plan shows it',
    async (_tz, company, day, rate) => {
      const c = company();
      const p = await seedSubmitted(c);
      const shown = await info(c, p.planVersion.ID);
      expect(shown.ExchangeRateUsed).toMatchObject({ Date: day, Rate: rate });
      const approved = expectOk(
        await version(
          c,
          'ApproveMediaMix',
          { mediaMixId: p.planVersion.ID, version: p.planVersion.version },
          c.approver,
        ),
      );
      expect(approved).toMatchObject({ Status: VersionStatus.Approved, ExchangeRateDate: day, ExchangeRate: rate });
    },
  );

  it('refuses a time zone that does not exist, naming the field', async () => {
    const before = await getCompanyConfiguration(israel.companyId, true);
    const r = await import('../support/world').then((w) =>
      w.invoke('ConfigurationsService', 'SaveConfigurations', {
        as: israel.admin,
        body: { configurations: { TimeZone: 'Mars/Olympus', version: before.version } },
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toMatch(/^configurations\.TimeZone: must be a time zone/);
  });
});
