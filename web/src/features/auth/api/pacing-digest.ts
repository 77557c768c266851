import type { input } from 'zod/mini';
import type { PacingDigestSettingView } from '@server/modules/pacing-digest/replies';
import type { savePacingDigestSetting } from '@server/modules/pacing-digest/schemas';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { PacingDigestSettingView };
export type DigestSettingInput = input<typeof savePacingDigestSetting>['setting'];

/** The caller's pacing digest setting (the defaults while none is saved). */
export const digestSettingQuery = () =>
  apiQuery(queryKeyOf('NotificationsService', 'GetPacingDigestSetting', {}), (signal) =>
    callApi('NotificationsService', 'GetPacingDigestSetting', {}, { signal }),
  );

export function saveDigestSetting(setting: DigestSettingInput) {
  return callApi('NotificationsService', 'SavePacingDigestSetting', { setting });
}
