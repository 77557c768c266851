import { exportMediaMix } from '../domain/media-mix-export';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('MediaMixService', 'ExportMediaMix', ({ input, caller, accountId }) => exportMediaMix(caller, accountId!, input.mediaMixId));
