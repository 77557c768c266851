import { serviceHandler } from '../kit/handler';
import { MAIN_SERVICE_ROUTES } from '../routes/main-service';
import { putCrashReport } from '../repositories/crash-reports';

export const handler = serviceHandler(MAIN_SERVICE_ROUTES, 'CrashSend', async ({ input, caller }) => ({
  ID: await putCrashReport({
    companyId: caller.companyId, sub: caller.sub, error: input.Error, info: input.Info,
    componentStack: input.ComponentStack, url: input.Url, at: new Date().toISOString(),
  }),
}));
