import { recordCrash } from '../domain/crash-reports';
import { serviceHandler } from '../kit/handler';
import { MAIN_SERVICE_ROUTES } from '../routes/main-service';

export const handler = serviceHandler(MAIN_SERVICE_ROUTES, 'CrashSend', ({ input, caller }) => recordCrash(caller, input));
