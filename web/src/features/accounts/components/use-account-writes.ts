import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { forgetMainAccounts } from '../../../lib/account-context';
import type { Account } from '../../../lib/api-types';
import { archiveAccount, createAccount, restoreAccount, updateAccount } from '../api/accounts-api';
import { toPayload, type AccountForm } from './account-form';

/**
 * Saving from the dialog (`close` shuts it), archiving after a confirmation and restoring; `scopeOf`
 * names the main account a write is checked against, `changed` marks the account lists out of date.
 */
export function useAccountWrites(
  scopeOf: (a: Pick<Account, 'ID' | 'ParentId'>) => number,
  changed: () => void,
  close: () => void,
) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  // A write changes what every account list shows: they are read again (this one at once).
  const closeAndReload = () => {
    close();
    changed();
  };
  const save = (form: AccountForm, applyToSubs: boolean) =>
    run({
      action: async () => {
        const payload = toPayload(form);
        if (form.ID > 0) await updateAccount(payload, applyToSubs, scopeOf(form));
        else await createAccount(payload);
        forgetMainAccounts();
      },
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      rethrow: true,
    });

  const archive = (a: Account) =>
    run({
      confirm: {
        title: t('accounts.confirmArchive.title'),
        message: t('accounts.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => archiveAccount(a.ID, scopeOf(a)),
      success: t('accounts.archived'),
      failure: t('snackbar.deleteFailed'),
      reload: changed,
    });

  const restore = (a: Account) =>
    run({ action: () => restoreAccount(a.ID, scopeOf(a)), success: t('accounts.restored'), reload: changed });

  return { save, archive, restore };
}
