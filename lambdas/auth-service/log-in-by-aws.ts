import { logIn } from '../domain/login';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AuthService', 'LogInByAws', ({ input, caller }) => logIn(caller, input.JwtToken, input.Email));
