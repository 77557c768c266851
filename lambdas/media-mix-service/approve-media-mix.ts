import { approveMediaMix } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'ApproveMediaMix', ({ input, caller, accountId }) => approveMediaMix(caller, accountId!, input));
