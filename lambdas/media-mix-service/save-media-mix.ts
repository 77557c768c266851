import { saveMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'SaveMediaMix', ({ input, caller, accountId }) => saveMediaMixFor(caller, accountId!, input));
