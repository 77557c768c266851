import { ForbiddenError, NotFoundError, staleVersion, ValidationError } from '../../core/errors';
import { getActivity } from '../activities';
import type { UserProfile } from '../tenancy';
import { getSchedule, insertSchedule, listSchedules, replaceSchedule } from './schedule-store.dynamodb';
import type { StoredSchedule } from './schedule-store';
import { listSends } from './schedule-run-store.dynamodb';
import { nextId } from '../../aws/dynamodb/counters';
import type { output } from 'zod/mini';
import type { deleteReportSchedule, getReportScheduleLog, ReportScheduleInput } from './schemas/report-schedules';
import { because } from '../../shared/error-reasons';
import { Permission } from '../../shared/permissions';
import type {
  ReportScheduleView,
  ReportSchedulesList,
  ScheduleFilters,
  ScheduleSendLog,
} from './replies/report-schedules';
import { loadAccountInScope, loadVisibleAccount, maySeeAccount } from '../tenancy';
import { getCompanyConfiguration } from '../configurations';
import { nextRun } from './schedule-timing';
import { outsideStates, requestConfirmations } from './outside-recipients';
import type { OutsideState } from './outside-recipient-store';
import { checkRecipientsScope, checkSaverScope, scopeOf, usersByEmail } from './schedule-scope';
import { getAccounts } from '../tenancy';

/**
 * Scheduled reports (docs/reports.md "Scheduled reports"): the company's saved
 * Reports filters sent by e-mail on a schedule. This module keeps them (save, list, archive, the send
 * log); report-schedule-runs.ts sends them.
 *
 * Who sees a schedule: one limited to an account (Filters.accountId) is the account's — seen by
 * those who may see that account, and with x-account-id only under that account; a company-wide one
 * is seen by every OperationalReports user (it shows filters, not figures: the figures are built at
 * run time with the CREATOR's reach). Only its owner (the creator) or an Admin changes it, and its
 * scope must be readable by the saver and every recipient who is a user (report-schedule-scope.ts).
 */
const ENTITY = 'ReportSchedule';

/** Who of a schedule's recipients is outside the company, and whether each has confirmed. */
interface RecipientsKnown {
  users: ReadonlyMap<string, unknown>;
  states: ReadonlyMap<string, OutsideState>;
}

function scheduleView(s: StoredSchedule, known: RecipientsKnown): ReportScheduleView {
  const outside = s.Recipients.filter((r) => !known.users.has(r.toLowerCase()));
  return {
    OutsideRecipients: outside.map((Address) => ({
      Address,
      State: known.states.get(Address.toLowerCase()) ?? 'pending',
    })),
    Id: s.Id,
    Version: s.version,
    Name: s.Name,
    Filters: s.Filters,
    Period: s.Period,
    Frequency: s.Frequency,
    Weekday: s.Frequency === 'weekly' ? s.Weekday : null,
    DelayHours: s.DelayHours,
    Recipients: s.Recipients,
    Language: s.Language,
    Active: s.Active,
    NextRunAt: s.NextRunAt,
    LastSend: s.LastSend ?? null,
    CreatedBy: s.createdBy,
    UpdatedAt: s.updatedAt,
  };
}

/**
 * The recipients rule: an address of a user of the company, always; any other address only when
 * the report is limited to one account (a client's report). Else 400 naming `schedule.Recipients.<i>`.
 */
export function checkRecipients(
  recipients: readonly string[],
  filters: Pick<ScheduleFilters, 'accountId'>,
  userEmails: ReadonlySet<string>,
): void {
  recipients.forEach((r, i) => {
    if (userEmails.has(r.toLowerCase()) || filters.accountId) return;
    const field = `schedule.Recipients.${i}`;
    throw new ValidationError(
      `${field}: ${r} is no user of the company; outside addresses only receive a report limited to one account`,
      'FIELD_INVALID',
      {
        field,
        detail:
          'must be the e-mail of a user of the company; other addresses only receive a report limited to one account',
        ...because('RECIPIENT_NOT_ALLOWED'),
      },
    );
  });
}

/** The filters' account and activity must be the caller's to see (and inside x-account-id). */
async function checkFilters(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  f: ScheduleFilters,
): Promise<void> {
  if (f.accountId !== undefined) {
    await (scopeAccountId !== undefined
      ? loadAccountInScope(caller, scopeAccountId, f.accountId)
      : loadVisibleAccount(caller, f.accountId));
  }
  if (f.activityId !== undefined) {
    const a = await getActivity(caller.companyId, f.activityId);
    if (!a || a.Archived)
      throw new NotFoundError(`Activity ${f.activityId} was not found`, 'NOT_FOUND', {
        entity: 'Activity',
        id: f.activityId,
      });
    const bookedOn = a.SubAccountId ?? a.AccountId;
    await (scopeAccountId !== undefined
      ? loadAccountInScope(caller, scopeAccountId, bookedOn)
      : loadVisibleAccount(caller, bookedOn));
    if (f.accountId !== undefined && f.accountId !== a.AccountId && f.accountId !== a.SubAccountId) {
      throw new ValidationError(
        `schedule.Filters.activityId: activity ${f.activityId} is not on account ${f.accountId}`,
        'FIELD_INVALID',
        {
          field: 'schedule.Filters.activityId',
          detail: `is not on account ${f.accountId}`,
          reason: 'INVALID',
        },
      );
    }
  }
}

/** A stored schedule the caller may see (its account's visibility, and inside x-account-id); 404 otherwise, alike for another company's id. */
async function loadSchedule(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  id: number,
): Promise<StoredSchedule> {
  const s = await getSchedule(caller.companyId, id);
  const notFound = () => new NotFoundError(`Scheduled report ${id} was not found`, 'NOT_FOUND', { entity: ENTITY, id });
  if (!s || s.Archived) throw notFound();
  const accountId = s.Filters.accountId;
  if (accountId !== undefined) {
    await (scopeAccountId !== undefined
      ? loadAccountInScope(caller, scopeAccountId, accountId)
      : loadVisibleAccount(caller, accountId));
  }
  return s;
}

/** A schedule changes (edit, archive) by its owner's or an Admin's hand: anyone else could widen who receives it. */
async function loadOwnSchedule(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  id: number,
): Promise<StoredSchedule> {
  const s = await loadSchedule(caller, scopeAccountId, id);
  if (s.CreatorSub !== caller.sub && !caller.permissions.includes(Permission.Admin)) {
    throw new ForbiddenError(
      `Only the owner of scheduled report ${id} (${s.createdBy}) or an Admin can change it`,
      'SCHEDULE_NOT_OWNER',
      { owner: s.createdBy },
    );
  }
  return s;
}

const cleanFilters = (f: ScheduleFilters): ScheduleFilters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as unknown as ScheduleFilters;

export async function saveReportScheduleFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: { schedule: ReportScheduleInput },
  now = new Date(),
): Promise<ReportScheduleView> {
  const s = input.schedule;
  const companyId = caller.companyId;
  const filters = cleanFilters(s.Filters as ScheduleFilters);
  const before = s.Id ? await loadOwnSchedule(caller, scopeAccountId, s.Id) : undefined;
  const [config, users, scope] = await Promise.all([
    getCompanyConfiguration(companyId),
    usersByEmail(companyId),
    scopeOf(companyId, filters),
    checkFilters(caller, scopeAccountId, filters),
  ]);
  // checkFilters has found the account and activity; a null scope is a race with an archive.
  if (!scope)
    throw new NotFoundError("The report's account or activity was not found", 'NOT_FOUND', {
      entity: 'Account',
      id: filters.accountId ?? 0,
    });
  checkSaverScope(caller, scope);
  const recipients = [...new Map(s.Recipients.map((r) => [r.toLowerCase(), r])).values()];
  checkRecipients(recipients, filters, new Set(users.keys()));
  checkRecipientsScope(recipients, scope, users);
  const weekday = s.Frequency === 'weekly' ? (s.Weekday ?? 0) : null;
  const next = nextRun({ Frequency: s.Frequency, Weekday: weekday, DelayHours: s.DelayHours }, now, config.TimeZone);
  const at = now.toISOString();
  const fields = {
    Name: s.Name,
    Filters: filters,
    Period: s.Period,
    Frequency: s.Frequency,
    Weekday: weekday,
    DelayHours: s.DelayHours,
    Recipients: recipients,
    Language: s.Language,
    Active: s.Active,
    NextRunAt: next.at.toISOString(),
    NextDueDay: next.dueDay,
  };
  if (!before) {
    const id = await nextId(companyId, ENTITY);
    const created: StoredSchedule = {
      Id: id,
      ...fields,
      Archived: false,
      LastSend: null,
      CreatorSub: caller.sub,
      version: 1,
      createdAt: at,
      createdBy: caller.email,
      updatedAt: at,
      updatedBy: caller.email,
    };
    await insertSchedule(companyId, created);
    return savedView(created, users, caller, now);
  }
  if (s.Version !== before.version) throw staleVersion();
  // The schedule keeps running with its creator's reach; an edit does not hand it to the editor.
  const after: StoredSchedule = {
    ...before,
    ...fields,
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await replaceSchedule(companyId, before, after, 'update', staleVersion());
  return savedView(after, users, caller, now);
}

/** After a save: each new outside address is asked to confirm (a mail the dispatcher sends), then the view with their states. */
async function savedView(
  s: StoredSchedule,
  users: ReadonlyMap<string, unknown>,
  caller: UserProfile,
  now: Date,
): Promise<ReportScheduleView> {
  const outside = s.Recipients.filter((r) => !users.has(r.toLowerCase()));
  if (outside.length) await requestConfirmations(caller.companyId, outside, s.Language, caller.email, now);
  return scheduleView(s, { users, states: outside.length ? await outsideStates(caller.companyId) : new Map() });
}

export async function reportSchedulesFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
): Promise<ReportSchedulesList> {
  const [stored, users, states] = await Promise.all([
    listSchedules(caller.companyId),
    usersByEmail(caller.companyId),
    outsideStates(caller.companyId),
  ]);
  const all = stored.filter((s) => !s.Archived);
  const accountIds = [...new Set(all.map((s) => s.Filters.accountId).filter((id): id is number => id !== undefined))];
  const accounts = new Map(
    (accountIds.length ? await getAccounts(caller.companyId, accountIds) : []).map((a) => [a.ID, a]),
  );
  const visible = all.filter((s) => {
    const id = s.Filters.accountId;
    if (id === undefined) return scopeAccountId === undefined;
    const a = accounts.get(id);
    if (!a || !maySeeAccount(caller, a)) return false;
    return scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId;
  });
  visible.sort((a, b) => a.Name.localeCompare(b.Name) || a.Id - b.Id);
  return { Items: visible.map((s) => scheduleView(s, { users, states })) };
}

export async function deleteReportScheduleFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof deleteReportSchedule>,
): Promise<{ Id: number }> {
  const before = await loadOwnSchedule(caller, scopeAccountId, input.scheduleId);
  if (input.version !== before.version) throw staleVersion();
  const at = new Date().toISOString();
  const after: StoredSchedule = {
    ...before,
    Archived: true,
    Active: false,
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await replaceSchedule(caller.companyId, before, after, 'archive', staleVersion());
  return { Id: before.Id };
}

export async function reportScheduleLogFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getReportScheduleLog>,
): Promise<ScheduleSendLog> {
  const s = await loadSchedule(caller, scopeAccountId, input.scheduleId);
  return { Items: await listSends(caller.companyId, s.Id) };
}
