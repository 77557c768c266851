import type { CompanyDataJob } from './job-store';
import { putJob } from './job-store.dynamodb';

/** Which delivery of the job's message this is (SQS's ApproximateReceiveCount), of how many the queue makes. */
export interface Delivery {
  receive: number;
  maxReceives: number;
}

/** A job's progress puts (at most once a second, one at a time) and its end. */
export interface JobProgress {
  tick(force?: boolean): void;
  end(status: 'Done' | 'Error', error?: string): Promise<void>;
}

export function progressOf(job: CompanyDataJob): JobProgress {
  let lastPut = 0;
  let puts: Promise<void> = Promise.resolve();
  return {
    tick(force = false) {
      if (!force && Date.now() - lastPut < 1000) return;
      lastPut = Date.now();
      job.TouchedAt = new Date(lastPut).toISOString();
      const snapshot = { ...job } as CompanyDataJob;
      puts = puts.then(() => putJob(snapshot)).catch(() => undefined);
    },
    async end(status, error) {
      await puts;
      const at = new Date().toISOString();
      Object.assign(job, {
        Status: status,
        Phase: 'done',
        EndedAt: at,
        TouchedAt: at,
        ...(error ? { Error: error } : {}),
      });
      await putJob(job);
    },
  };
}
