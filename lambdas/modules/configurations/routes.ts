import { companyLogoInput, getConfigurations, saveCompanyLogo, saveConfigurations } from './schemas';
import type { CompanyConfiguration, CompanyLogoReply } from './replies';
import { LOGO_UPLOAD_MAX_BODY_BYTES } from '../../shared/company-logo';
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

export const getCompanyLogoRoute = /* @__PURE__ */ route({
  // Before MFA too: the top bar that shows it is on the profile page where MFA is turned on.
  service: 'ConfigurationsService',
  method: 'GetCompanyLogo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  beforeMfa: true,
  input: companyLogoInput,
  reply: replyOf<CompanyLogoReply>,
  summary: "The company's logo (PNG or JPEG, base64) for every user of the company; null when it has none",
});

export const saveCompanyLogoRoute = /* @__PURE__ */ route({
  service: 'ConfigurationsService',
  method: 'SaveCompanyLogo',
  access: 'write',
  requires: 'admin',
  accountScope: 'optional',
  // The file rides in the body as base64.
  maxBodyBytes: LOGO_UPLOAD_MAX_BODY_BYTES,
  input: saveCompanyLogo,
  reply: replyOf<CompanyLogoReply>,
  summary:
    "Uploads or replaces the company's logo: a PNG or JPEG of at most 200 KB by its content (413 over it); audited",
});

export const deleteCompanyLogoRoute = /* @__PURE__ */ route({
  service: 'ConfigurationsService',
  method: 'DeleteCompanyLogo',
  access: 'write',
  requires: 'admin',
  accountScope: 'optional',
  input: companyLogoInput,
  reply: replyOf<CompanyLogoReply>,
  summary: "Removes the company's logo; audited",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CONFIGURATIONS_SERVICE_ROUTES = [
  getConfigurationsRoute,
  saveConfigurationsRoute,
  getCompanyLogoRoute,
  saveCompanyLogoRoute,
  deleteCompanyLogoRoute,
] as const;
