import { getConfigurations, saveConfigurations } from '../schemas/configurations';
import type { CompanyConfiguration } from '../shared/replies/configurations';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

/**
 * ConfigurationsService: the company's system configuration (DOMAIN.md §2). Company-wide, so the
 * account header is optional: checked when the console sends one (every page names its account),
 * ignored otherwise.
 */
export const CONFIGURATIONS_SERVICE_ROUTES = [
  route({
    // Before MFA too: a company that requires MFA must be able to turn it off again (domain/configurations.ts).
    service: 'ConfigurationsService', method: 'GetConfigurations', access: 'read', requires: REQUIRES.signedIn, accountScope: 'optional', beforeMfa: true,
    input: getConfigurations,
    reply: replyOf<CompanyConfiguration>(),
    summary: 'The company configuration (VAT, fees, upload limits, pacing thresholds, locale, currency, MFA); defaults until saved',
  }),
  route({
    service: 'ConfigurationsService', method: 'SaveConfigurations', access: 'write',
    requires: REQUIRES.generalSettings, accountScope: 'optional', beforeMfa: true,
    input: saveConfigurations,
    reply: replyOf<CompanyConfiguration>(),
    summary: 'Saves configuration settings (those left out keep their value) from the version read; audited',
  }),
] as const;
