import { object, string } from 'zod';
import { email } from './fields';

export const logInByAws = object({
  // Not user text (never normalised): a JWT is three base64url parts, so anything else is refused here.
  JwtToken: string().min(1, 'is required').max(8192).regex(/^[\w-]+(\.[\w-]*){0,2}$/, 'must be a JWT'),
  Email: email(),
});
