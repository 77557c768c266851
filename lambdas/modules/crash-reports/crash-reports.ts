import type { output } from 'zod/mini';
import { putCrashReport } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { crashSend } from './schemas';
import type { CrashReceipt } from '../sign-in/replies';

/** MainService.CrashSend: what the console's error boundary caught, kept 90 days in the caller's company. */
export async function recordCrash(caller: UserProfile, report: output<typeof crashSend>): Promise<CrashReceipt> {
  return {
    ID: await putCrashReport({
      companyId: caller.companyId,
      sub: caller.sub,
      error: report.Error,
      info: report.Info,
      componentStack: report.ComponentStack,
      url: report.Url,
      at: new Date().toISOString(),
    }),
  };
}
