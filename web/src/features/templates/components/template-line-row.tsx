import Delete from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BUY_TYPES } from '@server/shared/money';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { ChannelType } from '../api/templates-api';
import { LINE_LABELS } from './template-labels';
import type { LineForm, TemplateForm } from './template-form';

export interface ChannelGroup {
  g: string;
  items: ChannelType[];
}

interface LineProps {
  control: Control<TemplateForm>;
  /** The line's place in the form. */
  i: number;
  /** The field array's copy of the line's key, which names its inputs. */
  rowKey: number;
}

/** One template line: channel type, share, buy type, unit cost, the two fees, and remove. */
export function TemplateLineRow({
  control,
  i,
  rowKey,
  line,
  current,
  groups,
  onTypeChosen,
  recheckLines,
  canRemove,
  onRemove,
}: LineProps & {
  /** The line as typed now. */
  line: LineForm;
  /** The line's channel type in the catalogue, if it is there. */
  current: ChannelType | undefined;
  groups: ChannelGroup[];
  onTypeChosen: (id: unknown) => void;
  recheckLines: () => void;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const cell = { control, i, rowKey, recheckLines };
  return (
    <TableRow data-testid="template-line">
      <TableCell sx={{ minWidth: 200 }}>
        <ChannelTypeSelect {...{ control, i, rowKey, line, current, groups, onTypeChosen }} />
      </TableCell>
      <TableCell>
        <LineNumberField {...cell} k="SharePct" />
      </TableCell>
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
              name: `BuyType-${rowKey}`,
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
      <TableCell>
        <LineNumberField {...cell} k="UnitCost" />
      </TableCell>
      <TableCell>
        <LineNumberField {...cell} k="ManagementFeePct" placeholder={t('templates.accountFee')} />
      </TableCell>
      <TableCell>
        <LineNumberField {...cell} k="SystemFeePct" placeholder={t('templates.accountFee')} />
      </TableCell>
      <TableCell padding="checkbox">
        <IconButton
          size="small"
          aria-label={t('templates.actions.removeLine', { n: i + 1 })}
          title={t('templates.actions.removeLine', { n: i + 1 })}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <Delete fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/** A number typed in a line's cell; a change of share checks the total again. */
function LineNumberField({
  control,
  i,
  rowKey,
  k,
  placeholder,
  recheckLines,
}: LineProps & {
  k: 'SharePct' | 'UnitCost' | 'ManagementFeePct' | 'SystemFeePct';
  placeholder?: string;
  recheckLines: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormNumberField
      control={control}
      name={`Lines.${i}.${k}`}
      size="small"
      variant="standard"
      placeholder={placeholder}
      helperText={null}
      onChanged={k === 'SharePct' ? recheckLines : undefined}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr', name: `${k}-${rowKey}`, 'aria-label': t(LINE_LABELS[k]) },
      }}
      sx={{ width: k === 'UnitCost' ? 100 : 80 }}
    />
  );
}

/** The line's channel type: the catalogue's active types by group, plus the line's own if inactive or unknown. */
function ChannelTypeSelect({
  control,
  i,
  rowKey,
  line,
  current,
  groups,
  onTypeChosen,
}: LineProps & {
  line: LineForm;
  current: ChannelType | undefined;
  groups: ChannelGroup[];
  onTypeChosen: (id: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={`Lines.${i}.ChannelTypeId`}
      select
      fullWidth
      size="small"
      variant="standard"
      helperText={null}
      onChanged={onTypeChosen}
      slotProps={{
        htmlInput: {
          name: `ChannelTypeId-${rowKey}`,
          'aria-label': `${t('templates.fields.ChannelTypeId')} ${i + 1}`,
        },
      }}
    >
      {current && !current.Active && (
        <MenuItem value={line.ChannelTypeId}>{`${current.Name} (${t('channelTypes.inactive')})`}</MenuItem>
      )}
      {!current && line.ChannelTypeId && <MenuItem value={line.ChannelTypeId}>{`#${line.ChannelTypeId}`}</MenuItem>}
      {groups.flatMap(({ g, items }) => [
        <ListSubheader key={`g-${g}`}>{t(`channelTypes.groups.${g}`)}</ListSubheader>,
        ...items.map((c) => (
          <MenuItem key={c.ID} value={String(c.ID)}>
            {c.Name}
          </MenuItem>
        )),
      ])}
    </FormTextField>
  );
}
