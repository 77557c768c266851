import { rejectMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'RejectMediaMix', ({ input, caller, accountId }) => rejectMediaMixFor(caller, accountId!, input));
