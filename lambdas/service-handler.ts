import { serviceHandlerWith } from './kit/handler';
import { callerLookups } from './caller-lookups';

/** The kit's handler builder wired to the caller lookups: every handler file builds its Lambda with it. */
export const serviceHandler = /* @__PURE__ */ serviceHandlerWith(callerLookups);
