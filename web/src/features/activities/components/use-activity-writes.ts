import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import {
  deleteActivity,
  restoreActivity,
  saveActivity,
  setActivityStatus,
  type ActivityView,
} from '../api/activities-api';
import type { useActivitiesList } from '../api/use-activities-list';
import { FINAL_STATUSES, type ActivityStatusCode } from '../activity-status';
import { toPayload, type ActivityForm } from './activity-form';

/**
 * The activity writes of the screen: save from the dialog (`close` shuts it), change a status
 * (a final one after a confirmation), archive and restore, each under the page's account (`scopeId`).
 * `statusFilter` is the list's status filter: -1 (all) keeps a changed row in place.
 */
export function useActivityWrites(
  scopeId: number,
  list: ReturnType<typeof useActivitiesList>,
  statusFilter: number,
  close: () => void,
) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  // A write changes what every activity list shows: they are read again (this one at once).
  const closeAndReload = () => {
    close();
    list.changed();
  };
  const save = (form: ActivityForm) =>
    run({
      action: () => saveActivity(toPayload(form), scopeId),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      rethrow: true,
    });

  const changeStatus = (a: ActivityView, to: ActivityStatusCode) =>
    run({
      confirm: FINAL_STATUSES.includes(to)
        ? {
            title: t(`activities.moveTo.${to}`),
            message: t('activities.confirmFinal', { name: a.Name, status: t(`activityStatus.${to}`) }),
            confirmLabel: t(`activities.moveTo.${to}`),
            destructive: to === 5,
          }
        : null,
      action: () => setActivityStatus(a.ID, to, a.version, scopeId),
      success: t('activities.statusChanged', { status: t(`activityStatus.${to}`) }),
      reload: list.changed,
      // The row the server answered goes in place; a list filtered by status is read again (the row may leave it).
      done: (updated) => (statusFilter === -1 ? list.replace(updated) : list.changed()),
    });

  const archive = (a: ActivityView) =>
    run({
      confirm: {
        title: t('activities.confirmArchive.title'),
        message: t('activities.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => deleteActivity(a.ID, scopeId),
      success: t('activities.archived'),
      failure: t('snackbar.deleteFailed'),
      reload: list.changed,
    });

  const restore = (a: ActivityView) =>
    run({ action: () => restoreActivity(a.ID, scopeId), success: t('activities.restored'), reload: list.changed });

  return { save, changeStatus, archive, restore };
}
