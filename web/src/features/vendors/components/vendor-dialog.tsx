import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useCallback } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { vendorInput } from '@server/modules/vendors/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { PAYMENT_TERM_KINDS, PLATFORM_IDS, VAT_TREATMENTS } from '../api/vendors-api';
import { VendorContactsEditor } from './vendor-contacts-editor';
import { toPayload, type VendorForm } from './vendor-form';

/** The dialog is checked by the route's own schema (SaveVendor's `vendor`); a name taken lands on the name. */
export const VENDOR_FORM: RouteForm<VendorForm, typeof vendorInput> = {
  schema: vendorInput,
  toInput: toPayload,
  inputKey: 'vendor',
  codeFields: { NAME_TAKEN: 'Name', PLATFORM_VENDOR_TAKEN: 'Platform' },
  /** The input's `platform` is the form's Platform. */
  fieldOf: (path) => (path === 'platform' ? 'Platform' : path),
};

/** A field's label: a contact's with its number ("E-mail 2"), as its input is labelled. */
function useLabelOf() {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const contact = /^Contacts\.(\d+)\.(\w+)$/.exec(field);
      if (contact) {
        const name = contact[2] === 'Name' ? 'ContactName' : contact[2];
        return `${t(`vendors.fields.${name}`)} ${Number(contact[1]) + 1}`;
      }
      return t(`vendors.fields.${field.replace('PaymentTerms.', 'Terms').replace('platform', 'Platform')}`);
    },
    [t],
  );
}

export interface VendorDialogProps {
  initial: VendorForm;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSave: (form: VendorForm) => Promise<void>;
  onClose: () => void;
}

/** Create or edit a vendor: name, tax id, address, currency, payment terms, VAT treatment and contacts. */
export function VendorDialog({ initial, onSave, onClose }: VendorDialogProps) {
  const { t } = useTranslation();
  const labelOf = useLabelOf();
  const form = useRouteForm(VENDOR_FORM, { defaultValues: initial, labelOf });
  const { control, submitWith } = form;
  const ltr = { htmlInput: { dir: 'ltr' } } as const;

  return (
    <FormDialog
      id="vendor-dialog"
      title={t(initial.ID > 0 ? 'vendors.dialog.edit' : 'vendors.dialog.create')}
      maxWidth="md"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField control={control} fullWidth name="TaxId" label={labelOf('TaxId')} slotProps={ltr} />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} fullWidth multiline minRows={2} name="Address" label={labelOf('Address')} />
        </Grid>
        <VendorTermsFields control={control} labelOf={labelOf} />
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            fullWidth
            select
            name="Platform"
            label={labelOf('Platform')}
            helperText={t('vendors.platformHint')}
          >
            {(['', ...PLATFORM_IDS] as const).map((p) => (
              <MenuItem key={p || 'none'} value={p}>
                {t(`vendors.platforms.${p || 'none'}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
      <VendorContactsEditor form={form} vendorId={initial.ID} />
    </FormDialog>
  );
}

/** The vendor's money terms: its currency, payment terms and VAT treatment. */
function VendorTermsFields({ control, labelOf }: { control: Control<VendorForm>; labelOf: (field: string) => string }) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, md: 3 }}>
        <FormTextField control={control} fullWidth select name="Currency" label={labelOf('Currency')}>
          {(['1', '2'] as const).map((c) => (
            <MenuItem key={c} value={c}>
              {t(`accounts.currency.${c}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <FormTextField control={control} fullWidth select name="PaymentTerms.Kind" label={labelOf('PaymentTerms.Kind')}>
          {PAYMENT_TERM_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`vendors.terms.${k}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, md: 2 }}>
        <FormNumberField
          control={control}
          fullWidth
          required
          name="PaymentTerms.Days"
          label={labelOf('PaymentTerms.Days')}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTextField control={control} fullWidth select name="VatTreatment" label={labelOf('VatTreatment')}>
          {VAT_TREATMENTS.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`vendors.vat.${v}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
    </>
  );
}
