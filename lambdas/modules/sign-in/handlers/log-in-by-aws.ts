import { logIn } from '../login';
import { serviceHandler } from '../../../service-handler';
import { logInByAwsRoute } from '../routes';

export const handler = serviceHandler(logInByAwsRoute, ({ input, caller }) =>
  logIn(caller, input.JwtToken, input.Email),
);
