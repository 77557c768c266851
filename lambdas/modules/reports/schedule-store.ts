import type { ConflictError } from '../../core/errors';
import type { Stamped } from '../../aws/dynamodb/stamped';
import type { ScheduleLanguage, ScheduleSettings } from './replies/report-schedules';

/** A scheduled report as stored (docs/table-design.md "Scheduled reports"). */
export interface StoredSchedule extends Stamped, ScheduleSettings {
  Archived: boolean;
  /** The company day NextRunAt belongs to. */
  NextDueDay: string;
  /** The creator's Cognito sub: the schedule runs with this user's permissions. */
  CreatorSub: string;
}

export interface ScheduleRetry {
  ScheduleId: number;
  DueDay: string;
  /** The attempt this retry makes (2 or 3). */
  Attempt: number;
  RetryAt: string;
  PeriodFrom: string;
  PeriodTo: string;
  /** The recipients whose mail has not gone yet. */
  Recipients: string[];
}

/** An outside address whose confirmation mail is owed (modules/reports/outside-recipient-store.dynamodb.ts). */
export interface DueConfirmation {
  Address: string;
  Language: ScheduleLanguage;
  MailAt: string;
}

export interface DueItem {
  companyId: number;
  kind: 'schedule' | 'retry' | 'confirm';
  schedule?: StoredSchedule;
  retry?: ScheduleRetry;
  confirm?: DueConfirmation;
}

/** What the scheduled reports need of storage for the schedules themselves; schedule-store.dynamodb.ts implements it. */
export interface ScheduleStore {
  getSchedule(companyId: number, id: number): Promise<StoredSchedule | undefined>;
  /** The company's schedules, archived ones included. */
  listSchedules(companyId: number): Promise<StoredSchedule[]>;
  /** A new schedule with its audit entry. */
  insertSchedule(companyId: number, s: StoredSchedule): Promise<void>;
  /** A change of a schedule (edit or archive) from the version read, with its audit entry. */
  replaceSchedule(
    companyId: number,
    before: StoredSchedule,
    after: StoredSchedule,
    action: 'update' | 'archive',
    stale: ConflictError,
  ): Promise<void>;
  /** Removes one address from a schedule's recipients (unsubscribe): idempotent; undefined when the schedule is unknown. */
  removeRecipient(companyId: number, scheduleId: number, address: string): Promise<StoredSchedule | undefined>;
}
