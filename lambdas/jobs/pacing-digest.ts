import { runPacingDigests, type DigestRunSummary } from '../modules/pacing-digest';
import { jobHandler } from '../kit/job-handler';
import { PACING_DIGEST_HANDLER } from './job-handlers';

/** EventBridge Scheduler, hourly: mails the pacing digests that are due (modules/pacing-digest/digest-runs.ts). */
export const handler = jobHandler(PACING_DIGEST_HANDLER, (): Promise<DigestRunSummary> => runPacingDigests(new Date()));
