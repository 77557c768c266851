/** What other modules may use of the company configuration: nothing else of this folder. */
export {
  DEFAULT_CONFIGURATION,
  cachedConfiguration,
  getCompanyConfiguration,
  type CompanyConfiguration,
} from './configurations';
export { getConfigurationItem } from './store.dynamodb';
