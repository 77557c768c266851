import Edit from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HistoryButton } from '../../../components/history/history-button';
import { ArchiveRestoreButtons } from '../../../components/ui/archive-restore-buttons';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import type { PaymentTerms, Vendor } from '../api/vendors-api';

interface RowActions {
  open: (id: number) => unknown;
  archive: (v: Vendor) => unknown;
  restore: (v: Vendor) => unknown;
}

/** "Net 30" / "Current month + 30" in the user's language. */
export const termsText = (terms: PaymentTerms, t: TFunction) =>
  t(`vendors.termsShort.${terms.Kind}`, { days: terms.Days });

/** The vendors of one view (active or archived) with what each row offers. */
export function VendorsTable({
  rows,
  loading,
  empty,
  archived,
  canWrite,
  opening,
  actions,
}: {
  rows: Vendor[];
  loading: boolean;
  empty: boolean;
  archived: boolean;
  canWrite: boolean;
  opening: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('menu.vendors')} data-testid="vendors-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('vendors.fields.Name')}</TableCell>
            <TableCell>{t('vendors.fields.TaxId')}</TableCell>
            <TableCell>{t('vendors.fields.Currency')}</TableCell>
            <TableCell>{t('vendors.fields.PaymentTerms')}</TableCell>
            <TableCell>{t('vendors.fields.VatTreatment')}</TableCell>
            <TableCell>{t('vendors.fields.Contacts')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={7}
            loading={loading}
            empty={empty}
            emptyText={archived ? t('vendors.emptyArchived') : t('vendors.empty')}
            emptyTestId="vendors-empty"
          />
          {rows.map((v) => (
            <VendorRow key={v.ID} v={v} canWrite={canWrite} opening={opening} actions={actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VendorRow({
  v,
  canWrite,
  opening,
  actions,
}: {
  v: Vendor;
  canWrite: boolean;
  opening: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  const awaiting = v.Contacts.filter((c) => !c.Confirmed).length;
  return (
    <TableRow hover data-testid="vendor-row">
      <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160 }}>{v.Name}</TableCell>
      <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
        {v.TaxId}
      </TableCell>
      <TableCell>{t(`accounts.currency.${v.Currency}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{termsText(v.PaymentTerms, t)}</TableCell>
      <TableCell>{t(`vendors.vat.${v.VatTreatment}`)}</TableCell>
      <TableCell>
        {v.Contacts.length === 0
          ? '—'
          : awaiting
            ? t('vendors.contact.countAwaiting', { count: v.Contacts.length, awaiting })
            : t('vendors.contact.count', { count: v.Contacts.length })}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {canWrite && !v.Archived && (
          <IconButton
            size="small"
            title={t('common.edit')}
            aria-label={`${t('common.edit')} ${v.Name}`}
            disabled={opening}
            onClick={() => actions.open(v.ID)}
          >
            <Edit fontSize="small" />
          </IconButton>
        )}
        <ArchiveRestoreButtons
          status={v.Archived ? 'Archived' : 'Active'}
          name={v.Name}
          canArchive={canWrite}
          onArchive={() => actions.archive(v)}
          onRestore={() => actions.restore(v)}
        />
        <HistoryButton entity="vendor" id={v.ID} fields="vendors.fields" label={v.Name} />
      </TableCell>
    </TableRow>
  );
}
