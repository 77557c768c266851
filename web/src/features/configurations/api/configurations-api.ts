import type { CompanyConfiguration } from '@server/modules/configurations/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { CompanyConfiguration };
export type ConfigurationsPayload = RequestOf<'ConfigurationsService', 'SaveConfigurations'>['configurations'];

/** Company settings: no account in the path, so no x-account-id. */
export function fetchConfigurations(signal?: AbortSignal) {
  return callApi('ConfigurationsService', 'GetConfigurations', {}, { signal });
}

export function saveConfigurations(configurations: ConfigurationsPayload) {
  return callApi('ConfigurationsService', 'SaveConfigurations', { configurations });
}
