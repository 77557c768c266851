/** ReportsService scheduled reports. Shared with the console: no server imports. */
import type { ListOf } from '../../../shared/replies/reply';
import type { Locale } from '../../../shared/locales';

export type SchedulePeriod = 'yesterday' | 'last7days' | 'lastWeek' | 'lastMonth' | 'monthToDate';
export type ScheduleFrequency = 'daily' | 'weekly' | 'monthly';
/** The language of a schedule's mails, its file and its outside recipients' pages: a console locale. */
export type ScheduleLanguage = Locale;

/** The Reports filters a schedule keeps (docs/reports.md, minus the period). */
export interface ScheduleFilters {
  groupBy: 'account' | 'activity' | 'line' | 'channelType' | 'campaign' | 'day' | 'month';
  accountId?: number;
  activityId?: number;
  channelGroup?: string;
  platform?: string;
  compare?: boolean;
  /** The screen's `<column>:asc|desc` (kept for the screen; the attached file is in the report's order). */
  sort?: string;
}

/** What a schedule is: the fields the screen saves, the store keeps and the list shows. */
export interface ScheduleSettings {
  Id: number;
  Name: string;
  Filters: ScheduleFilters;
  Period: SchedulePeriod;
  Frequency: ScheduleFrequency;
  /** Weekly only (0 = Sunday); null otherwise. */
  Weekday: number | null;
  DelayHours: number;
  Recipients: string[];
  Language: ScheduleLanguage;
  Active: boolean;
  /** The next due instant (ISO); for an inactive schedule, when it would run. */
  NextRunAt: string;
  LastSend: { At: string; Status: 'sent' | 'failed' } | null;
}

export interface ReportScheduleView extends ScheduleSettings {
  Version: number;
  /** The recipients who are no users of the company: each receives the report once it has confirmed (a link mailed to it). */
  OutsideRecipients: { Address: string; State: 'pending' | 'confirmed' }[];
  /** The user whose permissions the schedule runs with (its creator). */
  CreatedBy: string;
  UpdatedAt: string;
}

export interface ScheduleSendView {
  At: string;
  Status: 'sent' | 'failed' | 'retried';
  Reason: string | null;
  /** Recipients the mail went to (or was meant for). */
  Recipients: number;
  PeriodFrom: string;
  PeriodTo: string;
  MessageIds: string[];
  /** 1 for the first try of a due run; 2..3 for its retries. */
  Attempt: number;
}

export type ReportSchedulesList = ListOf<ReportScheduleView>;
export type ScheduleSendLog = ListOf<ScheduleSendView>;
