import { logIn } from '../domain/login';
import { serviceHandler } from '../service-handler';
import { logInByAwsRoute } from '../routes/auth-service';

export const handler = serviceHandler(logInByAwsRoute, ({ input, caller }) =>
  logIn(caller, input.JwtToken, input.Email),
);
