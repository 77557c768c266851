import type { ScheduleSendView } from './replies/report-schedules';
import type { DueItem, ScheduleRetry, StoredSchedule } from './schedule-store';

/** What the dispatcher of scheduled reports needs of storage; schedule-run-store.dynamodb.ts implements it. */
export interface ScheduleRunStore {
  /** Everything due at `now`: schedules, retries and owed confirmation mails, across companies. */
  listDue(now: Date): Promise<DueItem[]>;
  /** Claims a due schedule (NextRunAt moves on); false: another run (or an edit) was first. */
  claimSchedule(companyId: number, s: StoredSchedule, next: { at: string; dueDay: string }): Promise<boolean>;
  /** Claims a retry: false when it no longer holds the attempt read. */
  claimRetry(companyId: number, r: ScheduleRetry): Promise<boolean>;
  /** Records a retry to make at `r.RetryAt` (replaces one of the same due day). */
  putRetry(companyId: number, r: ScheduleRetry): Promise<void>;
  /** One line of the send log, and the schedule's LastSend. */
  recordSend(companyId: number, scheduleId: number, entry: ScheduleSendView, nonce: string): Promise<void>;
  /** The send log, newest first (at most `limit`). */
  listSends(companyId: number, scheduleId: number, limit?: number): Promise<ScheduleSendView[]>;
}
