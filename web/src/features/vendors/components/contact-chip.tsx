import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** "Confirmed" or "Awaiting confirmation": whether the contact confirmed its address (docs/domain.md "Vendors"). */
export function ContactChip({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={confirmed ? 'success' : 'warning'}
      label={t(confirmed ? 'vendors.contact.confirmed' : 'vendors.contact.awaiting')}
      data-testid="contact-chip"
    />
  );
}
