import { crashSend } from '../schemas/main';
import type { CrashReceipt } from '../shared/replies/auth';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

export const MAIN_SERVICE_ROUTES = [
  route({
    service: 'MainService', method: 'CrashSend', access: 'write', requires: REQUIRES.signedIn, accountScope: 'none', beforeMfa: true,
    input: crashSend,
    reply: replyOf<CrashReceipt>(),
    summary: 'Stores a console crash report for 90 days',
  }),
] as const;
