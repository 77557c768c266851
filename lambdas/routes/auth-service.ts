import { logInByAws } from '../schemas/auth';
import { route } from './route';

export const AUTH_SERVICE_ROUTES = [
  route({
    service: 'AuthService', method: 'LogInByAws', access: 'write', requires: {}, accountScope: 'none', beforeMfa: true,
    input: logInByAws,
    summary: 'Confirms the Cognito token belongs to the caller, records the sign-in, returns the profile',
  }),
] as const;
