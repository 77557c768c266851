import type { output } from 'zod/mini';
import { ConflictError, ForbiddenError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import { getCompany } from '../tenancy';
import { getConfigurationItem, putConfiguration } from './store.dynamodb';
import type { UserProfile } from '../../core/caller';
import type { saveConfigurations } from './schemas';
import { LOCALES, type Locale } from '../../shared/locales';
import { DEFAULT_TIME_ZONE } from '../../shared/calendar';
import type { CompanyConfiguration } from './replies';
import { readCache } from '../../core/read-cache';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, SYNC_HOUR, syncHourOf, withinBound } from '../../shared/sync-limits';

/**
 * A company's system configuration (docs/domain.md): VAT, creative and setup fees, upload limits,
 * pacing thresholds, default locale and currency, compulsory MFA, the daily sync's hour and windows
 * (read by connectors/sync). One item per company; until it is first saved every value is the
 * default below (version 0). Read by every signed-in user of the company (plans need VAT and fees);
 * changed with GeneralSettings, from the version read, audited.
 * Its shape is the configuration routes' reply, declared in shared/replies/configurations.ts.
 */
export type { CompanyConfiguration };

/** The product's default configuration. MaxImageBytes 1.5 MB and MaxVideoBytes 7.5 MB, in bytes (base 1024). */
export const DEFAULT_CONFIGURATION: Readonly<CompanyConfiguration> = Object.freeze({
  VatPct: 18,
  ImageSubmitFee: 0.5,
  VideoSubmitFee: 1.3,
  SetupFee: 300,
  MaxImageBytes: 1_572_864,
  MaxVideoBytes: 7_864_320,
  PacingLow: 90,
  PacingHigh: 110,
  DefaultLocale: 'he',
  DefaultCurrency: 2,
  RequireMfa: false,
  ApproverMustDifferFromSubmitter: true,
  TimeZone: DEFAULT_TIME_ZONE,
  SyncHour: SYNC_HOUR.default,
  RestatementDays: RESTATEMENT_DAYS.default,
  BackfillDays: BACKFILL_DAYS.default,
  BillTolerancePct: 2,
  MissingBillDays: 15,
  version: 0,
});

const SETTINGS = Object.keys(DEFAULT_CONFIGURATION).filter((k) => k !== 'version') as (keyof CompanyConfiguration)[];

/**
 * The configuration of a company, for any code that needs it (media plans: VAT and fees; pacing;
 * uploads; sign-in: RequireMfa). Saved values over the defaults, so a setting added later reads as
 * its default in companies that saved before it existed. Until the first save the default locale is
 * the company's own (set at onboarding), so sign-in and settings agree.
 */
export async function getCompanyConfiguration(companyId: number, consistent = false): Promise<CompanyConfiguration> {
  const saved = await getConfigurationItem(companyId, consistent);
  if (saved) {
    const picked = Object.fromEntries(
      Object.entries(saved).filter(([k]) => k in DEFAULT_CONFIGURATION || k === 'updatedAt' || k === 'updatedBy'),
    );
    const merged = { ...DEFAULT_CONFIGURATION, ...picked } as CompanyConfiguration;
    // As the sync reads them (connectors/sync/sync-settings.ts): an older "05:00" is hour 5.
    return {
      ...merged,
      SyncHour: syncHourOf(merged.SyncHour),
      RestatementDays: withinBound(merged.RestatementDays, RESTATEMENT_DAYS),
      BackfillDays: withinBound(merged.BackfillDays, BACKFILL_DAYS),
    };
  }
  const company = await getCompany(companyId);
  const locale = (LOCALES as readonly string[]).includes(company?.DefaultLocale ?? '')
    ? (company!.DefaultLocale as Locale)
    : DEFAULT_CONFIGURATION.DefaultLocale;
  return { ...DEFAULT_CONFIGURATION, DefaultLocale: locale };
}

export function getConfigurations(caller: UserProfile): Promise<CompanyConfiguration> {
  return getCompanyConfiguration(caller.companyId);
}

/**
 * RequireMfa cannot lock a company out: turning it on needs a caller whose last sign-in
 * showed an authenticator app (else the only admin would lose every business call, the setting
 * included). While it is on, a settings user without MFA reaches this route (`beforeMfa`) to turn it
 * off again — and only that: any other setting waits until they have MFA.
 */
function guardRequireMfa(
  caller: UserProfile,
  before: CompanyConfiguration,
  sent: output<typeof saveConfigurations>['configurations'],
): void {
  if (caller.mfaEnabled === true) return;
  if (sent.RequireMfa === true && !before.RequireMfa) {
    throw new ConflictError(
      'configurations.RequireMfa: turn on an authenticator app on your profile first (then sign in again), so requiring it cannot lock you out',
      'MFA_SELF_LOCKOUT',
    );
  }
  if (before.RequireMfa) {
    const others = Object.entries(sent)
      .filter(([k, v]) => k !== 'version' && k !== 'RequireMfa' && v !== undefined)
      .map(([k]) => k);
    if (sent.RequireMfa !== false || others.length) {
      throw new ForbiddenError(
        'Your company requires two-factor authentication: until you turn on an authenticator app in your profile you can only turn that requirement off',
        'MFA_ONLY_TURN_OFF',
      );
    }
  }
}

/** SaveConfigurations: the settings sent replace the saved ones (others are kept), from the version read. */
export async function saveConfigurationsFor(
  caller: UserProfile,
  input: output<typeof saveConfigurations>,
): Promise<CompanyConfiguration> {
  const sent = input.configurations;
  const before = await getCompanyConfiguration(caller.companyId, true);
  if (sent.version !== before.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  guardRequireMfa(caller, before, sent);
  const merged = { ...before };
  for (const key of SETTINGS) {
    const v = sent[key as keyof typeof sent];
    if (v !== undefined) (merged as Record<string, unknown>)[key] = v;
  }
  if (!(merged.PacingLow < merged.PacingHigh)) {
    throw new ValidationError(
      `configurations.PacingHigh: must be greater than PacingLow (${merged.PacingLow} < ${merged.PacingHigh} does not hold)`,
      'PACING_ORDER',
      { low: merged.PacingLow, high: merged.PacingHigh },
    );
  }
  const after: CompanyConfiguration & { updatedAt: string; updatedBy: string } = {
    ...merged,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await putConfiguration(
    caller.companyId,
    before.version,
    before.version === 0 ? null : before,
    after,
    after.DefaultLocale !== before.DefaultLocale,
  );
  return after;
}

const configurationCache = readCache<CompanyConfiguration>();

/** The company configuration for showing figures (at most 30 s old; read-cache.ts). */
export const cachedConfiguration = (companyId: number) =>
  configurationCache.get(String(companyId), () => getCompanyConfiguration(companyId));
