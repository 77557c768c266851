import { object } from 'zod';
import { multilineText, requiredMultilineText, text } from './fields';

export const crashSend = object({
  Error: requiredMultilineText(4000),
  Info: multilineText(16000).optional().default(''),
  ComponentStack: multilineText(16000).optional().default(''),
  Url: text(2000).optional().default(''),
});
