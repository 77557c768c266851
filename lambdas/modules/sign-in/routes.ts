import { logInByAws } from './schemas';
import type { LoginReply } from './replies';
import { replyOf, route } from '../../kit/route';

export const logInByAwsRoute = /* @__PURE__ */ route({
  service: 'AuthService',
  method: 'LogInByAws',
  access: 'write',
  requires: 'signedIn',
  accountScope: 'none',
  beforeMfa: true,
  input: logInByAws,
  reply: replyOf<LoginReply>,
  summary: 'Confirms the Cognito token belongs to the caller, records the sign-in, returns the profile',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const AUTH_SERVICE_ROUTES = [logInByAwsRoute] as const;
