import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { CampaignView } from '../api/connectors-api';
import { CampaignRow } from './campaign-row';

/** The campaigns' grid: one row per campaign of the page, or the loading / empty state. */
export function CampaignsTable({
  items,
  loading,
  failed,
  onPick,
  onClear,
}: {
  items: CampaignView[];
  loading: boolean;
  failed: boolean;
  onPick: (c: CampaignView & { AccountId: number }) => void;
  onClear: (c: CampaignView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('titles.campaigns')} data-testid="campaigns-grid">
      <TableHead>
        <TableRow>
          <TableCell>{t('accounts.fields.Name')}</TableCell>
          <TableCell>{t('connectors.fields.Client')}</TableCell>
          <TableCell>{t('connectors.fields.Type')}</TableCell>
          <TableCell>{t('connectors.fields.ExternalAccountIds')}</TableCell>
          <TableCell>{t('connectors.fields.Status')}</TableCell>
          <TableCell>{t('connectors.fields.Line')}</TableCell>
          <TableCell>{t('connectors.fields.CampaignActuals')}</TableCell>
          <TableCell align="right">{t('common.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableStateRows
          colSpan={8}
          loading={loading}
          empty={!loading && !failed && items.length === 0}
          emptyText={t('connectors.emptyCampaigns')}
          emptyTestId="campaigns-empty"
        />
        {items.map((c) => (
          <CampaignRow key={c.ID} c={c} onPick={onPick} onClear={onClear} />
        ))}
      </TableBody>
    </Table>
  );
}
