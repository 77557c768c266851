import Archive from '@mui/icons-material/ArchiveOutlined';
// The Reports menu's icon, already in the signed-in layout's chunk: /accounts/list has no room for another SVG.
import Assessment from '@mui/icons-material/AssessmentOutlined';
import Cable from '@mui/icons-material/CableOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import EventNote from '@mui/icons-material/EventNoteOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import ViewList from '@mui/icons-material/ViewListOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { RowIconButton, RowIconLink } from '../../../components/ui/row-icon';
import type { Account } from '../../../lib/api-types';

export interface AccountRowActionProps {
  canEdit: boolean;
  /** The user may read billable statements (policy `reports`): a main account's row links to its own (/accounts/{id}/billing). */
  canSeeBilling: boolean;
  /** Agency staff: a main account's row links to its connectors (/accounts/{id}/connectors/list). */
  canSeeConnectors: boolean;
  canArchive: boolean;
  onEdit: (a: Account) => void;
  onArchive: (a: Account) => void;
  onRestore: (a: Account) => void;
}

/** Where an account's activities are: a sub-account's sit under its main account. */
const activitiesOf = (a: Account) =>
  a.ParentId === null
    ? `/accounts/${a.ID}/activities/list`
    : `/accounts/${a.ParentId}/subAccounts/${a.ID}/activities/list`;

/** An icon link to one of the account's pages, described by the account's name cell. */
function RowLink({
  a,
  to,
  title,
  testId,
  icon,
}: {
  a: Account;
  to: string;
  title: string;
  testId?: string;
  icon: SvgIconComponent;
}) {
  return (
    <RowIconLink
      to={to}
      aria-label={title}
      aria-describedby={`account-${a.ID}-name`}
      data-testid={testId}
      icon={icon}
    />
  );
}

/** An account row's links (activities, channel types, connectors, billing) and actions, as the user may. */
export function AccountRowActions({ a, p }: { a: Account; p: AccountRowActionProps }) {
  const { t } = useTranslation();
  const active = a.Status === 'Active';
  const activeMain = active && a.ParentId === null;
  return (
    <>
      {active && <RowLink a={a} to={activitiesOf(a)} title={t('titles.activities')} icon={EventNote} />}
      {activeMain && (
        <RowLink a={a} to={`/accounts/${a.ID}/channelTypes/list`} title={t('titles.channelTypes')} icon={ViewList} />
      )}
      {p.canSeeConnectors && activeMain && (
        <RowLink
          a={a}
          to={`/accounts/${a.ID}/connectors/list`}
          title={t('titles.connectors')}
          testId="account-connectors"
          icon={Cable}
        />
      )}
      {p.canSeeBilling && activeMain && (
        <RowLink
          a={a}
          to={`/accounts/${a.ID}/billing`}
          title={t('titles.billing')}
          testId="account-billing"
          icon={Assessment}
        />
      )}
      {p.canEdit && active && (
        <RowIconButton onClick={() => p.onEdit(a)} aria-label={`${t('common.edit')} ${a.Name}`} icon={Edit} />
      )}
      {p.canEdit && (
        <HistoryButton entity="account" id={a.ID} accountId={a.ID} fields="accounts.fields" label={a.Name} />
      )}
      {p.canArchive && active && (
        <RowIconButton
          onClick={() => p.onArchive(a)}
          aria-label={`${t('accounts.actions.archive')} ${a.Name}`}
          icon={Archive}
        />
      )}
      {p.canArchive && a.Status === 'Archived' && (
        <RowIconButton
          onClick={() => p.onRestore(a)}
          aria-label={`${t('accounts.actions.restore')} ${a.Name}`}
          icon={Restore}
        />
      )}
    </>
  );
}
