import { clientSignOff } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'ClientSignOff', ({ input, caller, accountId }) => clientSignOff(caller, accountId!, input.mediaMixId));
