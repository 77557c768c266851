import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/DeleteOutlined';
import Send from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { MAX_CONTACTS } from '../api/vendors-api';
import { ContactChip } from './contact-chip';
import { useResend } from './use-resend';
import { isConfirmed, newContact, type VendorForm } from './vendor-form';

const ltr = { htmlInput: { dir: 'ltr' } } as const;

/** A contact's confirmation, its link mailed again while it waits, and its removal. */
function ContactState(p: {
  n: number;
  confirmed: boolean;
  resendTo: string | undefined;
  onResend: (email: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const resendTo = p.resendTo;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
      <ContactChip confirmed={p.confirmed} />
      {resendTo && (
        <IconButton
          size="small"
          title={t('vendors.contact.resend')}
          aria-label={`${t('vendors.contact.resend')} ${resendTo}`}
          onClick={() => p.onResend(resendTo)}
        >
          <Send fontSize="small" />
        </IconButton>
      )}
      <IconButton
        size="small"
        title={t('vendors.contact.remove')}
        aria-label={`${t('vendors.contact.remove')} ${p.n}`}
        onClick={p.onRemove}
      >
        <Delete fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The vendor's contacts (up to MAX_CONTACTS): name, e-mail, phone, and whether the address is confirmed. */
export function VendorContactsEditor({ form, vendorId }: { form: UseFormReturn<VendorForm>; vendorId: number }) {
  const { t } = useTranslation();
  const resend = useResend(vendorId);
  /** A saved contact whose address, as read and still unchanged, awaits confirmation: its link may be mailed again. */
  const mayResend = (i: number) =>
    vendorId > 0 &&
    !!contacts[i]?.SavedEmail &&
    !contacts[i].Confirmed &&
    contacts[i].Email.trim().toLowerCase() === contacts[i].SavedEmail;
  const { control } = form;
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'Contacts', keyName: 'rowId' });
  const contacts = useWatch({ control, name: 'Contacts' });
  const label = (field: string, i: number) => `${t(`vendors.fields.${field}`)} ${i + 1}`;

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{t('vendors.fields.Contacts')}</Typography>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="no-contacts">
          {t('vendors.contact.none')}
        </Typography>
      )}
      {rows.map((row, i) => (
        <Grid container spacing={1} key={row.rowId} sx={{ mt: 1, alignItems: 'flex-start' }} data-testid="contact-row">
          <Grid size={{ xs: 12, md: 3 }}>
            <FormTextField
              control={control}
              fullWidth
              size="small"
              required
              name={`Contacts.${i}.Name`}
              label={label('ContactName', i)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormTextField
              control={control}
              fullWidth
              size="small"
              required
              type="email"
              name={`Contacts.${i}.Email`}
              label={label('Email', i)}
              slotProps={ltr}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 2 }}>
            <FormTextField
              control={control}
              fullWidth
              size="small"
              name={`Contacts.${i}.Phone`}
              label={label('Phone', i)}
              slotProps={ltr}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <ContactState
              n={i + 1}
              confirmed={!!contacts[i] && isConfirmed(contacts[i])}
              resendTo={mayResend(i) ? contacts[i].SavedEmail : undefined}
              onResend={(email) => void resend(email)}
              onRemove={() => remove(i)}
            />
          </Grid>
        </Grid>
      ))}
      <Button
        size="small"
        startIcon={<Add />}
        sx={{ mt: 1 }}
        disabled={rows.length >= MAX_CONTACTS}
        onClick={() => append(newContact())}
        data-testid="add-contact"
      >
        {t('vendors.contact.add')}
      </Button>
    </Box>
  );
}
