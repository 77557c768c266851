import { getMediaMixInfo } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'GetMediaMixInfo', ({ input, caller, accountId }) => getMediaMixInfo(caller, accountId!, input.mediaMixId));
