import { object } from 'zod';
import { text } from './fields';

export const crashSend = object({
  Error: text(4000).min(1, 'is required'),
  Info: text(16000).optional().default(''),
  ComponentStack: text(16000).optional().default(''),
  Url: text(2000).optional().default(''),
});
