import { serviceHandler } from '../kit/handler';
import { putCrashReport } from '../repositories/crash-reports';

export const handler = serviceHandler('MainService', 'CrashSend', async ({ input, caller }) => ({
  ID: await putCrashReport({
    companyId: caller.companyId, sub: caller.sub, error: input.Error, info: input.Info,
    componentStack: input.ComponentStack, url: input.Url, at: new Date().toISOString(),
  }),
}));
