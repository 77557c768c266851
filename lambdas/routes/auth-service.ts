import { logInByAws } from '../schemas/auth';
import type { LoginReply } from '../shared/replies/auth';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

export const AUTH_SERVICE_ROUTES = [
  route({
    service: 'AuthService', method: 'LogInByAws', access: 'write', requires: REQUIRES.signedIn, accountScope: 'none', beforeMfa: true,
    input: logInByAws,
    reply: replyOf<LoginReply>(),
    summary: 'Confirms the Cognito token belongs to the caller, records the sign-in, returns the profile',
  }),
] as const;
