import type { ActivityStatus } from '../../shared/activity-status';

/** What the daily schedule needs of an activity to decide its move. */
export interface ScheduledActivity {
  ID: number;
  AccountId: number;
  Status: ActivityStatus;
  StartDate: string;
  EndDate: string;
}

/** What the daily schedule needs of storage; schedule-store.dynamodb.ts implements it. */
export interface ActivityScheduleStore {
  /** A company's live activities that a date can still move (Draft, Planned or Live). */
  activitiesToSchedule(companyId: number): Promise<ScheduledActivity[]>;
}
