import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { BUY_TYPES, CHANNEL_GROUPS, CONNECTOR_TYPES, type ChannelTypePayload } from '../api/channel-types-api';
import { CHANNEL_TYPE_NAME_MAX, connectorName } from './rules';
import { useVendors, VendorSelectField } from './vendor-picker';

/** A new global channel type (system administrators). */
export function ChannelTypeDialog({
  onSave,
  onClose,
}: {
  onSave: (c: ChannelTypePayload) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    Name: '',
    Group: 'Search',
    DefaultBuyType: 'CPC',
    ConnectorType: 'none',
    Active: true,
  });
  // The caller's company's default vendor for the new type ('' none); system admins are agency staff too.
  const [vendor, setVendor] = useState('');
  const vendors = useVendors(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const set = (k: keyof typeof form, v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));
  const checkName = (name: string) =>
    !name.trim() ? 'validation.required' : name.trim().length > CHANNEL_TYPE_NAME_MAX ? 'validation.tooLong' : null;

  const submit = () => {
    const err = checkName(form.Name);
    setNameError(err);
    if (err) return undefined;
    return onSave({
      ...form,
      ID: 0,
      Name: form.Name.trim(),
      defaultVendorId: vendor ? Number(vendor) : null,
    } as ChannelTypePayload);
  };

  const select = (
    key: 'Group' | 'DefaultBuyType' | 'ConnectorType',
    options: readonly string[],
    label: (o: string) => string,
  ) => <FieldSelect name={key} value={form[key]} onChange={(v) => set(key, v)} options={options} label={label} />;

  return (
    <FormDialog
      id="channel-type-dialog"
      title={t('channelTypes.actions.create')}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField
            fullWidth
            required
            autoFocus
            name="Name"
            label={t('accounts.fields.Name')}
            value={form.Name}
            onChange={(e) => {
              set('Name', e.target.value);
              if (nameError) setNameError(checkName(e.target.value));
            }}
            error={!!nameError}
            helperText={nameError ? t(nameError) : ' '}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{select('Group', CHANNEL_GROUPS, (o) => t(`channelTypes.groups.${o}`))}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{select('DefaultBuyType', BUY_TYPES, (o) => o)}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{select('ConnectorType', CONNECTOR_TYPES, (o) => connectorName(o, t))}</Grid>
        <Grid size={12}>
          <VendorSelectField value={vendor} onChange={setVendor} vendors={vendors.active} />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={<Switch name="Active" checked={form.Active} onChange={(e) => set('Active', e.target.checked)} />}
            label={t('channelTypes.fields.Active')}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

function FieldSelect({
  name,
  value,
  onChange,
  options,
  label,
}: {
  name: 'Group' | 'DefaultBuyType' | 'ConnectorType';
  value: string;
  onChange: (v: string) => void;
  options: readonly string[];
  label: (o: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={t(`channelTypes.fields.${name}`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {label(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
