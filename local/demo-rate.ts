import { getRate, saveExchangeRateFor } from '../lambdas/modules/exchange-rates';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { saveExchangeRate } from '../lambdas/modules/exchange-rates/schemas';

/** The demo's USD→ILS rate (an approval fixes the plan's rate). */
export async function ensureDemoRate(seeder: UserProfile): Promise<void> {
  if (!(await getRate(seeder.companyId, 'USD', 'ILS', '2026-01-01'))) {
    await saveExchangeRateFor(
      seeder,
      saveExchangeRate.parse({ exchangeRate: { Date: '2026-01-01', From: 'USD', To: 'ILS', Rate: 3.7125 } }),
    );
  }
}
