import { numberInput } from '../../../lib/forms/number-input';
import type { ActivityPayload, ActivityView } from '../api/activities-api';

/**
 * The activity dialog's fields as typed (numbers still text). The dialog checks them with the
 * route's own schema (activity-dialog.tsx ACTIVITY_FORM); the activities screen imports this module,
 * so it stays free of zod and react-hook-form.
 */
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

export function emptyActivityForm(accountId: number, subAccountId: number | null): ActivityForm {
  return {
    ID: 0,
    AccountId: accountId,
    SubAccountId: subAccountId ? String(subAccountId) : '',
    Name: '',
    Objective: '',
    StartDate: '',
    EndDate: '',
    Budget: '',
  };
}

export function formFromActivity(a: ActivityView): ActivityForm {
  return {
    ID: a.ID,
    AccountId: a.AccountId,
    SubAccountId: a.SubAccountId ? String(a.SubAccountId) : '',
    Name: a.Name,
    Objective: a.Objective ?? '',
    StartDate: a.StartDate,
    EndDate: a.EndDate,
    Budget: String(a.Budget),
    version: a.version,
  };
}

/** The form as SaveActivity's `activity`: what the dialog checks with the route's schema and what the screen sends. */
export function toPayload(f: ActivityForm): ActivityPayload {
  return {
    ID: f.ID,
    AccountId: f.AccountId,
    SubAccountId: f.SubAccountId ? Number(f.SubAccountId) : null,
    Name: f.Name.trim(),
    Objective: f.Objective.trim(),
    StartDate: f.StartDate,
    EndDate: f.EndDate,
    Budget: numberInput(f.Budget),
    ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
