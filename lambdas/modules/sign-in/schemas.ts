import { maxLength, minLength, object, string } from 'zod/mini';
import { email, matches } from '../../shared/schema-fields';

export const logInByAws = object({
  // Not user text (never normalised): a JWT is three base64url parts, so anything else is refused here.
  JwtToken: string().check(minLength(1, 'is required'), maxLength(8192), matches(/^[\w-]+(\.[\w-]*){0,2}$/, 'JWT')),
  Email: email(),
});
