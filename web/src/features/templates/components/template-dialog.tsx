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
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { templateInput } from '@server/modules/templates/schemas';
import { BUY_TYPES } from '@server/shared/money';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatNumber } from '../../../lib/format';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { ChannelType } from '../api/templates-api';
import { evenShares, FULL_SHARE, MAX_LINES, newLine, shareTotal, toPayload, type TemplateForm } from './template-form';

/**
 * The dialog is checked by the route's own schema (SaveTemplate's `template`) and the domain's rule of
 * the input alone: the shares add up to exactly 100 % (SHARES_NOT_100, lambdas/modules/templates/templates.ts,
 * in hundredths as it adds them). A refused channel type (CHANNEL_TYPE_UNKNOWN / _INACTIVE on
 * template.Lines.N.ChannelTypeId) lands on its line; a name taken on the name.
 */
export const TEMPLATE_FORM: RouteForm<TemplateForm, typeof templateInput> = {
  schema: templateInput,
  toInput: toPayload,
  inputKey: 'template',
  rules: (input) => {
    const total = input.Lines.reduce((sum, l) => sum + Math.round(l.SharePct * 100), 0);
    return total === FULL_SHARE
      ? []
      : [{ path: 'Lines', code: 'SHARES_NOT_100', params: { field: 'Lines', total: total / 100 } }];
  },
  codeFields: { NAME_TAKEN: 'Name' },
};

const LINE_LABELS: Record<string, string> = {
  ChannelTypeId: 'templates.fields.ChannelTypeId',
  SharePct: 'templates.fields.SharePct',
  BuyType: 'channelTypes.fields.DefaultBuyType',
  UnitCost: 'templates.fields.UnitCost',
  ManagementFeePct: 'channelTypes.fields.ManagementFeePct',
  SystemFeePct: 'channelTypes.fields.SystemFeePct',
};
const LABELS: Record<string, string> = {
  Name: 'accounts.fields.Name',
  Description: 'templates.fields.Description',
  Lines: 'templates.fields.LineCount',
};

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
  /** "Share % 2": a line's field with the line's number, as its cell is labelled. */
  const labelOf = useCallback(
    (field: string) => {
      const line = /^Lines\.(\d+)\.(\w+)$/.exec(field);
      if (line) return `${t(LINE_LABELS[line[2]] ?? `templates.fields.${line[2]}`)} ${Number(line[1]) + 1}`;
      return t(LABELS[field] ?? field);
    },
    [t],
  );
  const { control, submitWith, getValues, setValue, trigger, formState } = useRouteForm(TEMPLATE_FORM, {
    defaultValues: initial,
    labelOf,
  });
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'Lines' });
  const lines = useWatch({ control, name: 'Lines' });
  const linesError = formState.errors.Lines?.root?.message ?? formState.errors.Lines?.message;

  const total = shareTotal(lines);
  const complete = total === FULL_SHARE;
  const byId = useMemo(() => new Map(catalogue.map((c) => [String(c.ID), c])), [catalogue]);
  const groups = useMemo(
    () =>
      GROUP_ORDER.map((g) => ({ g, items: catalogue.filter((c) => c.Group === g && c.Active) })).filter(
        (x) => x.items.length,
      ),
    [catalogue],
  );

  /** Once saving was tried, what changes is checked again at once. */
  const change = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  /** A channel type brings its default buy type, unless the line's was chosen apart from the previous type's default. */
  const typeChosen = (i: number, previous: string) => (id: unknown) => {
    const c = byId.get(String(id));
    const buy = getValues(`Lines.${i}.BuyType`);
    if (c && (!buy || buy === byId.get(previous)?.DefaultBuyType))
      setValue(`Lines.${i}.BuyType`, c.DefaultBuyType, change);
  };
  /** The shares' total is a rule of all the lines: once saving was tried, a change of shares or lines checks it again. */
  const recheckLines = () => {
    if (formState.isSubmitted) void trigger('Lines');
  };
  const split = () => {
    const shares = evenShares(rows.length);
    shares.forEach((share, i) => setValue(`Lines.${i}.SharePct`, share, { shouldDirty: true }));
    recheckLines();
  };

  const cellField = (
    i: number,
    k: 'SharePct' | 'UnitCost' | 'ManagementFeePct' | 'SystemFeePct',
    placeholder?: string,
  ) => (
    <FormTextField
      control={control}
      name={`Lines.${i}.${k}`}
      size="small"
      variant="standard"
      placeholder={placeholder}
      helperText={null}
      onChanged={k === 'SharePct' ? recheckLines : undefined}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr', name: `${k}-${rows[i].key}`, 'aria-label': t(LINE_LABELS[k]) },
      }}
      sx={{ width: k === 'UnitCost' ? 100 : 80 }}
    />
  );

  return (
    <FormDialog
      id="template-dialog"
      title={t(initial.ID > 0 ? 'templates.dialog.edit' : 'templates.dialog.create')}
      maxWidth="lg"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <FormTextField control={control} fullWidth name="Description" label={labelOf('Description')} />
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
            {rows.map((row, i) => {
              const l = lines[i] ?? row;
              const current = byId.get(l.ChannelTypeId);
              return (
                <TableRow key={row.id} data-testid="template-line">
                  <TableCell sx={{ minWidth: 200 }}>
                    <FormTextField
                      control={control}
                      name={`Lines.${i}.ChannelTypeId`}
                      select
                      fullWidth
                      size="small"
                      variant="standard"
                      helperText={null}
                      onChanged={typeChosen(i, l.ChannelTypeId)}
                      slotProps={{
                        htmlInput: {
                          name: `ChannelTypeId-${row.key}`,
                          'aria-label': `${t('templates.fields.ChannelTypeId')} ${i + 1}`,
                        },
                      }}
                    >
                      {current && !current.Active && (
                        <MenuItem value={l.ChannelTypeId}>{`${current.Name} (${t('channelTypes.inactive')})`}</MenuItem>
                      )}
                      {!current && l.ChannelTypeId && (
                        <MenuItem value={l.ChannelTypeId}>{`#${l.ChannelTypeId}`}</MenuItem>
                      )}
                      {groups.flatMap(({ g, items }) => [
                        <ListSubheader key={`g-${g}`}>{t(`channelTypes.groups.${g}`)}</ListSubheader>,
                        ...items.map((c) => (
                          <MenuItem key={c.ID} value={String(c.ID)}>
                            {c.Name}
                          </MenuItem>
                        )),
                      ])}
                    </FormTextField>
                  </TableCell>
                  <TableCell>{cellField(i, 'SharePct')}</TableCell>
                  <TableCell>
                    <FormTextField
                      control={control}
                      name={`Lines.${i}.BuyType`}
                      select
                      size="small"
                      variant="standard"
                      helperText={null}
                      sx={{ minWidth: 80 }}
                      slotProps={{
                        htmlInput: {
                          name: `BuyType-${row.key}`,
                          'aria-label': t('channelTypes.fields.DefaultBuyType'),
                        },
                      }}
                    >
                      {BUY_TYPES.map((b) => (
                        <MenuItem key={b} value={b}>
                          {b}
                        </MenuItem>
                      ))}
                    </FormTextField>
                  </TableCell>
                  <TableCell>{cellField(i, 'UnitCost')}</TableCell>
                  <TableCell>{cellField(i, 'ManagementFeePct', t('templates.accountFee'))}</TableCell>
                  <TableCell>{cellField(i, 'SystemFeePct', t('templates.accountFee'))}</TableCell>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={t('templates.actions.removeLine', { n: i + 1 })}
                      title={t('templates.actions.removeLine', { n: i + 1 })}
                      disabled={rows.length <= 1}
                      onClick={() => {
                        remove(i);
                        recheckLines();
                      }}
                    >
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
        <Button
          startIcon={<Add />}
          disabled={rows.length >= MAX_LINES}
          onClick={() => {
            append(newLine(), { shouldFocus: false });
            recheckLines();
          }}
        >
          {t('templates.actions.addLine')}
        </Button>
        <Button onClick={split} disabled={rows.length === 0}>
          {t('templates.actions.split')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Typography
          data-testid="share-total"
          color={complete ? 'success.main' : 'error.main'}
          aria-live="polite"
          sx={{ fontWeight: 500 }}
        >
          {t('templates.total', { total: formatNumber(total / 100, locale) })}
          {!complete &&
            ` · ${t(total < FULL_SHARE ? 'templates.left' : 'templates.over', { n: formatNumber(Math.abs(FULL_SHARE - total) / 100, locale) })}`}
        </Typography>
      </Stack>
      {linesError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="share-error">
          {linesError}
        </Alert>
      )}
    </FormDialog>
  );
}
