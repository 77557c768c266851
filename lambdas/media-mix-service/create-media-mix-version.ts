import { createMediaMixVersion } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'CreateMediaMixVersion', ({ input, caller, accountId }) => createMediaMixVersion(caller, accountId!, input.mediaMixId));
