import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '../api/templates-api';
import { evenShares, newLine, shareTotal, type TemplateForm } from './template-form';
import { TemplateLineRow, type ChannelGroup } from './template-line-row';
import { TemplateLinesFooter } from './template-lines-footer';

const GROUP_ORDER = ['Search', 'Social', 'Video', 'Display', 'Offline'];

/** The catalogue by ID, and the active channel types to choose from by group in a fixed order. */
function useCatalogueChoices(catalogue: readonly ChannelType[]) {
  const byId = useMemo(() => new Map(catalogue.map((c) => [String(c.ID), c])), [catalogue]);
  const groups: ChannelGroup[] = useMemo(
    () =>
      GROUP_ORDER.map((g) => ({ g, items: catalogue.filter((c) => c.Group === g && c.Active) })).filter(
        (x) => x.items.length,
      ),
    [catalogue],
  );
  return { byId, groups };
}

function LinesHead() {
  const { t } = useTranslation();
  return (
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
  );
}

/** The template's lines, a row each, with add, even split and the running share total under them. */
export function TemplateLinesEditor({
  form,
  catalogue,
  locale,
}: {
  form: UseFormReturn<TemplateForm>;
  catalogue: readonly ChannelType[];
  locale: string;
}) {
  const { t } = useTranslation();
  const { control, getValues, setValue, trigger, formState } = form;
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'Lines' });
  const lines = useWatch({ control, name: 'Lines' });

  const total = shareTotal(lines);
  const { byId, groups } = useCatalogueChoices(catalogue);

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

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('templates.lines')} data-testid="template-lines">
          <LinesHead />
          <TableBody>
            {rows.map((row, i) => {
              const l = lines[i] ?? row;
              return (
                <TemplateLineRow
                  key={row.id}
                  control={control}
                  i={i}
                  rowKey={row.key}
                  line={l}
                  current={byId.get(l.ChannelTypeId)}
                  groups={groups}
                  onTypeChosen={typeChosen(i, l.ChannelTypeId)}
                  recheckLines={recheckLines}
                  canRemove={rows.length > 1}
                  onRemove={() => {
                    remove(i);
                    recheckLines();
                  }}
                />
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TemplateLinesFooter
        count={rows.length}
        total={total}
        locale={locale}
        onAdd={() => {
          append(newLine(), { shouldFocus: false });
          recheckLines();
        }}
        onSplit={split}
      />
    </>
  );
}
