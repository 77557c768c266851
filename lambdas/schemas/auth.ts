import { maxLength, minLength, object, regex, string } from 'zod/mini';
import { email } from './fields';

export const logInByAws = object({
  // Not user text (never normalised): a JWT is three base64url parts, so anything else is refused here.
  JwtToken: string().check(minLength(1, 'is required'), maxLength(8192), regex(/^[\w-]+(\.[\w-]*){0,2}$/, 'must be a JWT')),
  Email: email(),
});
