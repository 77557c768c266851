import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { ACCESS, isAllowed } from '../../../lib/authorization';
import { companyUsersQuery, saveSchedule, SCHEDULE_READS, type ReportScheduleView } from '../api/schedules-api';
import { defaultNameOf, FIELD_KEYS, toInput, type ScheduleForm } from './schedule-form';

const RECIPIENT = /^Recipients\.(\d+)$/;

/** A field's label, and a recipient's ("Recipient 2") for a 400 on one address. */
export function useScheduleLabelOf() {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const m = RECIPIENT.exec(field);
      if (m) return t('reports.schedule.recipient', { n: Number(m[1]) + 1 });
      return FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field;
    },
    [t],
  );
}

/** A name still the default of the previous period follows the period; a name typed over stays. */
export function useNameFollowsPeriod(
  period: ScheduleForm['Period'],
  groupBy: ScheduleForm['Filters']['groupBy'],
  getValues: UseFormGetValues<ScheduleForm>,
  setValue: UseFormSetValue<ScheduleForm>,
) {
  const { t } = useTranslation();
  const shownPeriod = useRef(period);
  useEffect(() => {
    const before = shownPeriod.current;
    shownPeriod.current = period;
    if (before !== period && getValues('Name') === defaultNameOf(groupBy, before, t)) {
      setValue('Name', defaultNameOf(groupBy, period, t), { shouldDirty: true });
    }
  }, [period, groupBy, getValues, setValue, t]);
}

/** The company's active users' addresses, offered as recipients to a caller who may read them. */
export function useActiveUserEmails(): string[] {
  const session = useSession();
  const users = useQuery({ ...companyUsersQuery(), enabled: isAllowed(session?.profile, ACCESS.generalSettings) });
  return (users.data?.Items ?? []).filter((u) => u.Status === 'active').map((u) => u.Email);
}

/** Saves the schedule and refreshes its reads; a failure is shown and rethrown (the dialog stays open). */
export function useSaveSchedule(onSaved: (s: ReportScheduleView) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const showError = useApiError();
  return async (values: ScheduleForm) => {
    try {
      const saved = await saveSchedule(toInput(values));
      for (const queryKey of SCHEDULE_READS) void qc.invalidateQueries({ queryKey });
      onSaved(saved);
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
      throw err;
    }
  };
}
