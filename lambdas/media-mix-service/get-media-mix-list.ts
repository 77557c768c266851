import { listMediaMixes } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'GetMediaMixList', ({ input, caller, accountId }) => listMediaMixes(caller, accountId!, input.activityId));
