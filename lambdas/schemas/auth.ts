import { z } from 'zod';
import { email } from './fields';

export const logInByAws = z.object({
  JwtToken: z.string().min(1, 'is required').max(8192),
  Email: email(),
});
