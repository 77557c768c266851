import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_INSTRUCTIONS } from '@server/modules/orders/schemas';
import { LOCALES, type Locale } from '@server/shared/locales';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { fetchVendor, type OrderView, type SendOrderInput } from '../api/orders-api';

/** Each language by its own name: the vendor reads it, whatever the console's language. */
const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  he: 'עברית',
  en: 'English',
  fr: 'Français',
  ro: 'Română',
  zh: '中文',
};

type Contact = { Name: string; Email: string; Confirmed?: boolean };

/** The vendor's contacts, each a checkbox; an unconfirmed one is shown, disabled. */
function ContactChoices({
  contacts,
  chosen,
  onToggle,
}: {
  contacts: readonly Contact[];
  chosen: readonly string[];
  onToggle: (email: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup>
      {contacts.map((c) => (
        <FormControlLabel
          key={c.Email}
          disabled={!c.Confirmed}
          control={
            <Checkbox
              checked={chosen.includes(c.Email)}
              onChange={() => onToggle(c.Email)}
              slotProps={{ input: { 'aria-label': c.Email } }}
              data-testid={`send-contact-${c.Email}`}
            />
          }
          label={
            c.Confirmed ? `${c.Name} <${c.Email}>` : t('orders.send.unconfirmed', { contact: `${c.Name} <${c.Email}>` })
          }
        />
      ))}
    </FormGroup>
  );
}

/**
 * "Send to vendor": the vendor's confirmed contacts to mail (an unconfirmed one is shown, not
 * offered), the agency's instructions and the document's language (default: the console's).
 */
export function SendDialog({
  order,
  busy,
  onClose,
  onSend,
}: {
  order: OrderView;
  busy: boolean;
  onClose: () => void;
  onSend: (input: SendOrderInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const vendor = useQuery(
    apiQuery(queryKeyOf('VendorsService', 'GetVendor', { vendorId: order.VendorId }), (signal) =>
      fetchVendor(order.VendorId, signal),
    ),
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [instructions, setInstructions] = useState('');
  const [language, setLanguage] = useState<Locale>(
    (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en',
  );
  const contacts = vendor.data?.Contacts ?? [];
  const toggle = (email: string) =>
    setChosen((c) => (c.includes(email) ? c.filter((x) => x !== email) : [...c, email]));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('orders.send.title', { vendor: order.VendorName })}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2">{t('orders.send.contacts')}</Typography>
        {vendor.data && !contacts.some((c) => c.Confirmed) && (
          <Alert severity="warning" data-testid="send-no-contacts">
            {t('orders.send.noConfirmed')}
          </Alert>
        )}
        <ContactChoices contacts={contacts} chosen={chosen} onToggle={toggle} />
        <TextField
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={t('orders.send.instructions')}
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_INSTRUCTIONS, 'data-testid': 'send-instructions' } }}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('orders.send.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          slotProps={{ htmlInput: { 'data-testid': 'send-language' } }}
        >
          {LOCALES.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || chosen.length === 0}
          onClick={() =>
            onSend({
              orderId: order.ID,
              version: order.version,
              contactEmails: chosen,
              ...(instructions.trim() ? { instructions: instructions.trim() } : {}),
              language,
            })
          }
          data-testid="send-confirm"
        >
          {t('orders.actions.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
