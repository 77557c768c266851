import Archive from '@mui/icons-material/ArchiveOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import { useTranslation } from 'react-i18next';
import { RowIconButton } from './row-icon';

/** A row's Archive button while it is active, its Restore button once archived (for whoever may archive). */
export function ArchiveRestoreButtons({
  status,
  name,
  canArchive,
  onArchive,
  onRestore,
}: {
  status: string;
  name: string;
  canArchive: boolean;
  onArchive: () => unknown;
  onRestore: () => unknown;
}) {
  const { t } = useTranslation();
  if (!canArchive) return null;
  return (
    <>
      {status === 'Active' && (
        <RowIconButton aria-label={`${t('accounts.actions.archive')} ${name}`} onClick={onArchive} icon={Archive} />
      )}
      {status === 'Archived' && (
        <RowIconButton aria-label={`${t('accounts.actions.restore')} ${name}`} onClick={onRestore} icon={Restore} />
      )}
    </>
  );
}
