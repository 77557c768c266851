import { logIn } from '../domain/login';
import { serviceHandler } from '../kit/handler';
import { AUTH_SERVICE_ROUTES } from '../routes/auth-service';

export const handler = serviceHandler(AUTH_SERVICE_ROUTES, 'LogInByAws', ({ input, caller }) => logIn(caller, input.JwtToken, input.Email));
