import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { channelTypeQueries } from '../api/channel-types-queries';

type VendorItem = { ID: number; Name: string };
const NONE: readonly VendorItem[] = [];

/**
 * The company's vendors for the default-vendor pickers (agency staff: `enabled` false reads none):
 * the active ones to choose from, and every name by id, archived ones included, so a default whose
 * vendor was archived since still shows its name.
 */
export function useVendors(enabled: boolean) {
  const active = useQuery({ ...channelTypeQueries.vendors(false), enabled }).data?.Items ?? NONE;
  const archived = useQuery({ ...channelTypeQueries.vendors(true), enabled }).data?.Items ?? NONE;
  return useMemo(
    () => ({ active, names: new Map([...archived, ...active].map((v) => [v.ID, v.Name])) }),
    [active, archived],
  );
}

/** A default vendor's name, '–' for none (its id while the names load). */
export const vendorLabel = (names: ReadonlyMap<number, string>, id: number | null) =>
  id === null ? '–' : (names.get(id) ?? `#${id}`);

/** A select of the active vendors, "none" first; '' is none. */
export function VendorSelectField({
  value,
  onChange,
  vendors,
}: {
  value: string;
  onChange: (v: string) => void;
  vendors: readonly VendorItem[];
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      name="defaultVendorId"
      label={t('channelTypes.fields.DefaultVendorId')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('channelTypes.defaultVendorHint')}
    >
      <MenuItem value="">{t('channelTypes.noVendor')}</MenuItem>
      {vendors.map((v) => (
        <MenuItem key={v.ID} value={String(v.ID)}>
          {v.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Asks for the default vendor of every selected channel type (one call, all-or-nothing). */
export function DefaultVendorDialog({
  count,
  vendors,
  onSave,
  onClose,
}: {
  count: number;
  vendors: readonly VendorItem[];
  onSave: (vendorId: number | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <FormDialog
      id="default-vendor-dialog"
      title={t('channelTypes.actions.setDefaultVendor')}
      maxWidth="xs"
      onSubmit={() => onSave(value ? Number(value) : null)}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('channelTypes.defaultVendorFor', { n: count })}</DialogContentText>
      <VendorSelectField value={value} onChange={setValue} vendors={vendors} />
    </FormDialog>
  );
}
