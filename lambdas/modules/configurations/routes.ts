import { getConfigurations, saveConfigurations } from './schemas';
import type { CompanyConfiguration } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * ConfigurationsService: the company's system configuration (docs/domain.md). Company-wide, so the
 * account header is optional: checked when the console sends one (every page names its account),
 * ignored otherwise.
 */
export const getConfigurationsRoute = /* @__PURE__ */ route({
  // Before MFA too: a company that requires MFA must be able to turn it off again (modules/configurations/configurations.ts).
  service: 'ConfigurationsService',
  method: 'GetConfigurations',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  beforeMfa: true,
  input: getConfigurations,
  reply: replyOf<CompanyConfiguration>,
  summary:
    'The company configuration (VAT, fees, upload limits, pacing thresholds, locale, currency, MFA); defaults until saved',
});

export const saveConfigurationsRoute = /* @__PURE__ */ route({
  service: 'ConfigurationsService',
  method: 'SaveConfigurations',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  beforeMfa: true,
  input: saveConfigurations,
  reply: replyOf<CompanyConfiguration>,
  summary: 'Saves configuration settings (those left out keep their value) from the version read; audited',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CONFIGURATIONS_SERVICE_ROUTES = [getConfigurationsRoute, saveConfigurationsRoute] as const;
