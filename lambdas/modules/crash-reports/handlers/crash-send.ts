import { recordCrash } from '../crash-reports';
import { serviceHandler } from '../../../service-handler';
import { crashSendRoute } from '../routes';

export const handler = serviceHandler(crashSendRoute, ({ input, caller }) => recordCrash(caller, input));
