import type { ActivityPayload, ActivityView } from '../api/activities-api';
import { MAX_ACTIVITY_BUDGET } from '@server/shared/money-limits';

/** The activity dialog's fields as typed (numbers still text). */
export interface ActivityForm {
  ID: number;
  AccountId: number;
  /** '' = booked on the main account itself. */
  SubAccountId: string;
  Name: string;
  Objective: string;
  StartDate: string;
  EndDate: string;
  Budget: string;
  version?: number;
}

export type ActivityErrors = Partial<Record<keyof ActivityForm, string>>;

export const NAME_MAX = 200;
export const OBJECTIVE_MAX = 500;
/** The API's largest budget (lambdas/shared/money-limits.ts, docs/money-limits.md). */
export const MAX_BUDGET = MAX_ACTIVITY_BUDGET;
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that the calendar has (2026-02-30 is not). */
export function isCalendarDay(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

export function emptyActivityForm(accountId: number, subAccountId: number | null): ActivityForm {
  return { ID: 0, AccountId: accountId, SubAccountId: subAccountId ? String(subAccountId) : '', Name: '', Objective: '', StartDate: '', EndDate: '', Budget: '' };
}

export function formFromActivity(a: ActivityView): ActivityForm {
  return {
    ID: a.ID, AccountId: a.AccountId, SubAccountId: a.SubAccountId ? String(a.SubAccountId) : '', Name: a.Name, Objective: a.Objective ?? '',
    StartDate: a.StartDate, EndDate: a.EndDate, Budget: String(a.Budget), version: a.version,
  };
}

/** Field checks before saving (the API checks them too); each error is an i18n key. */
export function validateActivity(f: ActivityForm): ActivityErrors {
  const e: ActivityErrors = {};
  const name = f.Name.trim();
  if (!name) e.Name = 'validation.required';
  else if (name.length > NAME_MAX) e.Name = 'validation.tooLong';
  if (f.Objective.trim().length > OBJECTIVE_MAX) e.Objective = 'validation.tooLong';
  if (!f.StartDate) e.StartDate = 'validation.required';
  else if (!isCalendarDay(f.StartDate)) e.StartDate = 'activities.errors.date';
  if (!f.EndDate) e.EndDate = 'validation.required';
  else if (!isCalendarDay(f.EndDate)) e.EndDate = 'activities.errors.date';
  else if (!e.StartDate && f.EndDate < f.StartDate) e.EndDate = 'validation.dateRange';
  const budget = f.Budget.trim().replace(/,/g, '');
  if (!budget) e.Budget = 'validation.required';
  else if (!AMOUNT_PATTERN.test(budget) || Number(budget) > MAX_BUDGET) e.Budget = 'activities.errors.budget';
  return e;
}

export function toPayload(f: ActivityForm): ActivityPayload {
  return {
    ID: f.ID, AccountId: f.AccountId, SubAccountId: f.SubAccountId ? Number(f.SubAccountId) : null,
    Name: f.Name.trim(), Objective: f.Objective.trim(), StartDate: f.StartDate, EndDate: f.EndDate,
    Budget: Number(f.Budget.trim().replace(/,/g, '')), ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
