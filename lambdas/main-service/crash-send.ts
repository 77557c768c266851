import { recordCrash } from '../domain/crash-reports';
import { serviceHandler } from '../service-handler';
import { crashSendRoute } from '../routes/main-service';

export const handler = serviceHandler(crashSendRoute, ({ input, caller }) => recordCrash(caller, input));
