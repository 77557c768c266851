/** What other modules may use of the company configuration: nothing else of this folder. */
export {
  DEFAULT_CONFIGURATION,
  cachedConfiguration,
  getCompanyConfiguration,
  type CompanyConfiguration,
} from './configurations';
export { getConfigurationItem } from './store.dynamodb';
/** The company logo: its bytes and content type (undefined when none), for the Excel exports and the mails. */
export { companyLogo } from './logo';
export { LOGO_PREFIX } from './logo-files.s3';
