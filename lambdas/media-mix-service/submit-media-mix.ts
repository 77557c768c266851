import { submitMediaMix } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'SubmitMediaMix', ({ input, caller, accountId }) => submitMediaMix(caller, accountId!, input));
