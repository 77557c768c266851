import { getPacingDigestSetting, savePacingDigestSetting } from './schemas';
import type { PacingDigestSettingView } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * The pacing digest's setting, on NotificationsService beside the bell: any signed-in user, on their
 * own setting only (keys from the caller's company and sub, never from input), so no account header.
 */
export const getPacingDigestSettingRoute = /* @__PURE__ */ route({
  service: 'NotificationsService',
  method: 'GetPacingDigestSetting',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'none',
  input: getPacingDigestSetting,
  reply: replyOf<PacingDigestSettingView>,
  summary: "The caller's pacing digest setting (off, daily or weekly; thresholds), the defaults while none is saved",
});

export const savePacingDigestSettingRoute = /* @__PURE__ */ route({
  service: 'NotificationsService',
  method: 'SavePacingDigestSetting',
  access: 'write',
  requires: 'signedIn',
  accountScope: 'none',
  input: savePacingDigestSetting,
  reply: replyOf<PacingDigestSettingView>,
  summary: "Saves the caller's pacing digest setting: how often, the lower (1–99) and upper (101–500) pacing %",
});

export const PACING_DIGEST_ROUTES = [getPacingDigestSettingRoute, savePacingDigestSettingRoute] as const;
