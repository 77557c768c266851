import { Pill } from '../../../components/ui/pill';
import { useTranslation } from 'react-i18next';
import { useInboxCount } from '../api/approvals-queries';

/** The count of versions waiting for approval, beside the "To approve" menu entry (nothing while none wait). */
export default function InboxBadge() {
  const { t } = useTranslation();
  const count = useInboxCount();
  if (count <= 0) return null;
  return (
    <Pill
      color="primary"
      label={count}
      data-testid="approvals-badge"
      data-frame-volatile=""
      aria-label={t('menu.toApproveWaiting', { count })}
    />
  );
}
