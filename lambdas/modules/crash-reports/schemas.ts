import { _default, object, optional } from 'zod/mini';
import { multilineText, requiredMultilineText, text } from '../../shared/schema-fields';

export const crashSend = object({
  Error: requiredMultilineText(4000),
  Info: _default(optional(multilineText(16000)), ''),
  ComponentStack: _default(optional(multilineText(16000)), ''),
  Url: _default(optional(text(2000)), ''),
});
