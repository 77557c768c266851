import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useInboxCount } from '../api/approvals-queries';

/** The count of versions waiting for approval, beside the "To approve" menu entry (nothing while none wait). */
export default function InboxBadge() {
  const { t } = useTranslation();
  const count = useInboxCount();
  if (count <= 0) return null;
  return <Chip size="small" color="primary" label={count} data-testid="approvals-badge" aria-label={t('menu.toApproveWaiting', { count })} />;
}
