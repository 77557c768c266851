import { object, string } from 'zod';
import { email } from './fields';

export const logInByAws = object({
  JwtToken: string().min(1, 'is required').max(8192),
  Email: email(),
});
