import { crashSend } from './schemas';
import type { CrashReceipt } from '../sign-in/replies';
import { replyOf, route } from '../../kit/route';

export const crashSendRoute = /* @__PURE__ */ route({
  service: 'MainService',
  method: 'CrashSend',
  access: 'write',
  requires: 'signedIn',
  accountScope: 'none',
  beforeMfa: true,
  input: crashSend,
  reply: replyOf<CrashReceipt>,
  summary: 'Stores a console crash report for 90 days',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const MAIN_SERVICE_ROUTES = [crashSendRoute] as const;
