import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUY_TYPES } from '@server/shared/money';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatNumber } from '../../../lib/format';
import type { ChannelType } from '../api/templates-api';
import {
  evenShares, FULL_SHARE, hasErrors, MAX_LINES, newLine, shareTotal, validateTemplate,
  type LineForm, type TemplateErrors, type TemplateForm,
} from './template-form';

export interface TemplateDialogProps {
  initial: TemplateForm;
  catalogue: readonly ChannelType[];
  locale: string;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSave: (form: TemplateForm) => Promise<void>;
  onClose: () => void;
}

const GROUP_ORDER = ['Search', 'Social', 'Video', 'Display', 'Offline'];

/**
 * Create or edit a template: name, description and lines (channel type, share %, buy type, unit
 * cost, optional fees). The running share total shows under the lines; saving is refused unless it
 * is exactly 100 %.
 */
export function TemplateDialog({ initial, catalogue, locale, onSave, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TemplateForm>(initial);
  const [errors, setErrors] = useState<TemplateErrors>({ lines: {} });
  const [tried, setTried] = useState(false);

  const total = shareTotal(form.Lines);
  const complete = total === FULL_SHARE;
  const byId = useMemo(() => new Map(catalogue.map((c) => [String(c.ID), c])), [catalogue]);
  const groups = useMemo(() => GROUP_ORDER.map((g) => ({ g, items: catalogue.filter((c) => c.Group === g && c.Active) })).filter((x) => x.items.length), [catalogue]);

  const update = (next: TemplateForm) => {
    setForm(next);
    if (tried) setErrors(validateTemplate(next));
  };
  const setLine = (key: number, patch: Partial<LineForm>) => update({ ...form, Lines: form.Lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const pickType = (l: LineForm, id: string) => {
    const c = byId.get(id);
    setLine(l.key, { ChannelTypeId: id, ...(c && (!l.BuyType || l.BuyType === byId.get(l.ChannelTypeId)?.DefaultBuyType) ? { BuyType: c.DefaultBuyType } : {}) });
  };
  const split = () => {
    const shares = evenShares(form.Lines.length);
    update({ ...form, Lines: form.Lines.map((l, i) => ({ ...l, SharePct: shares[i] })) });
  };

  const submit = () => {
    const found = validateTemplate(form);
    setTried(true);
    setErrors(found);
    if (hasErrors(found)) return undefined;
    return onSave(form);
  };

  const lineError = (l: LineForm, k: keyof LineForm) => errors.lines[l.key]?.[k];
  const cellField = (l: LineForm, k: 'SharePct' | 'UnitCost' | 'ManagementFeePct' | 'SystemFeePct', placeholder?: string) => (
    <TextField size="small" variant="standard" value={l[k]} placeholder={placeholder} error={!!lineError(l, k)}
      helperText={lineError(l, k) ? t(lineError(l, k) as string) : undefined}
      onChange={(e) => setLine(l.key, { [k]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', name: `${k}-${l.key}`, 'aria-label': t(k === 'SharePct' || k === 'UnitCost' ? `templates.fields.${k}` : `channelTypes.fields.${k}`) } }}
      sx={{ width: k === 'UnitCost' ? 100 : 80 }} />
  );

  return (
    <FormDialog id="template-dialog" title={t(initial.ID > 0 ? 'templates.dialog.edit' : 'templates.dialog.create')} maxWidth="lg" onSubmit={submit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <TextField fullWidth required autoFocus name="Name" label={t('accounts.fields.Name')} value={form.Name}
            onChange={(e) => update({ ...form, Name: e.target.value })} error={!!errors.Name} helperText={errors.Name ? t(errors.Name) : ' '} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextField fullWidth name="Description" label={t('templates.fields.Description')} value={form.Description}
            onChange={(e) => update({ ...form, Description: e.target.value })} error={!!errors.Description} helperText={errors.Description ? t(errors.Description) : ' '} />
        </Grid>
      </Grid>
      <TableContainer>
        <Table size="small" aria-label={t('templates.lines')} data-testid="template-lines">
          <TableHead>
            <TableRow>
              <TableCell>{t('templates.fields.ChannelTypeId')}</TableCell>
              <TableCell>{t('templates.fields.SharePct')}</TableCell>
              <TableCell>{t('channelTypes.fields.DefaultBuyType')}</TableCell>
              <TableCell>{t('templates.fields.UnitCost')}</TableCell>
              <TableCell>{t('channelTypes.fields.ManagementFeePct')}</TableCell>
              <TableCell>{t('channelTypes.fields.SystemFeePct')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {form.Lines.map((l, i) => {
              const current = byId.get(l.ChannelTypeId);
              return (
                <TableRow key={l.key} data-testid="template-line">
                  <TableCell sx={{ minWidth: 200 }}>
                    <TextField select fullWidth size="small" variant="standard" value={l.ChannelTypeId} error={!!lineError(l, 'ChannelTypeId')}
                      helperText={lineError(l, 'ChannelTypeId') ? t(lineError(l, 'ChannelTypeId') as string) : undefined}
                      onChange={(e) => pickType(l, e.target.value)}
                      slotProps={{ htmlInput: { name: `ChannelTypeId-${l.key}`, 'aria-label': `${t('templates.fields.ChannelTypeId')} ${i + 1}` } }}>
                      {current && !current.Active && <MenuItem value={l.ChannelTypeId}>{`${current.Name} (${t('channelTypes.inactive')})`}</MenuItem>}
                      {!current && l.ChannelTypeId && <MenuItem value={l.ChannelTypeId}>{`#${l.ChannelTypeId}`}</MenuItem>}
                      {groups.flatMap(({ g, items }) => [
                        <ListSubheader key={`g-${g}`}>{t(`channelTypes.groups.${g}`)}</ListSubheader>,
                        ...items.map((c) => <MenuItem key={c.ID} value={String(c.ID)}>{c.Name}</MenuItem>),
                      ])}
                    </TextField>
                  </TableCell>
                  <TableCell>{cellField(l, 'SharePct')}</TableCell>
                  <TableCell>
                    <TextField select size="small" variant="standard" value={l.BuyType} error={!!lineError(l, 'BuyType')} sx={{ minWidth: 80 }}
                      onChange={(e) => setLine(l.key, { BuyType: e.target.value })}
                      slotProps={{ htmlInput: { name: `BuyType-${l.key}`, 'aria-label': t('channelTypes.fields.DefaultBuyType') } }}>
                      {BUY_TYPES.map((b) => <MenuItem key={b} value={b}>{b}</MenuItem>)}
                    </TextField>
                  </TableCell>
                  <TableCell>{cellField(l, 'UnitCost')}</TableCell>
                  <TableCell>{cellField(l, 'ManagementFeePct', t('templates.accountFee'))}</TableCell>
                  <TableCell>{cellField(l, 'SystemFeePct', t('templates.accountFee'))}</TableCell>
                  <TableCell padding="checkbox">
                    <IconButton size="small" aria-label={t('templates.actions.removeLine', { n: i + 1 })} title={t('templates.actions.removeLine', { n: i + 1 })}
                      disabled={form.Lines.length <= 1} onClick={() => update({ ...form, Lines: form.Lines.filter((x) => x.key !== l.key) })}>
                      <Delete fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button startIcon={<Add />} disabled={form.Lines.length >= MAX_LINES} onClick={() => update({ ...form, Lines: [...form.Lines, newLine()] })}>
          {t('templates.actions.addLine')}
        </Button>
        <Button onClick={split} disabled={form.Lines.length === 0}>{t('templates.actions.split')}</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Typography data-testid="share-total" color={complete ? 'success.main' : 'error.main'} aria-live="polite" sx={{ fontWeight: 500 }}>
          {t('templates.total', { total: formatNumber(total / 100, locale) })}
          {!complete && ` · ${t(total < FULL_SHARE ? 'templates.left' : 'templates.over', { n: formatNumber(Math.abs(FULL_SHARE - total) / 100, locale) })}`}
        </Typography>
      </Stack>
      {errors.total && <Alert severity="error" sx={{ mt: 1 }} data-testid="share-error">{t(errors.total)}</Alert>}
    </FormDialog>
  );
}
