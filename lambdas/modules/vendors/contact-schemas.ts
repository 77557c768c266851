// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { object } from 'zod/mini';
import { email, id } from '../../shared/schema-fields';

/** ResendContactConfirmation: the vendor and the contact's address (any case, as stored lower-case). */
export const resendContactConfirmation = object({ vendorId: id(), email: email() });
