import { clientDeclineFor } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'ClientDecline', ({ input, caller, accountId }) => clientDeclineFor(caller, accountId!, input));
