import Archive from '@mui/icons-material/ArchiveOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

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
        <IconButton
          size="small"
          title={t('accounts.actions.archive')}
          aria-label={`${t('accounts.actions.archive')} ${name}`}
          onClick={onArchive}
        >
          <Archive fontSize="small" />
        </IconButton>
      )}
      {status === 'Archived' && (
        <IconButton
          size="small"
          title={t('accounts.actions.restore')}
          aria-label={`${t('accounts.actions.restore')} ${name}`}
          onClick={onRestore}
        >
          <Restore fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
