import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { DataCell, DataLinkButton, DataRow } from '../../../components/ui/data-row';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { MissingBillView, VendorBillSummary } from '../api/payables-api';
import type { PayablesList } from '../api/payables-queries';
import { billTexts } from './bill-cells';
import { BillStatusChip, PayStatusChip } from './bill-review';

const COLUMNS = ['vendor', 'reference', 'account', 'period', 'dueDate', 'gross', 'balance', 'status', 'payStatus'];
const RIGHT = new Set(['gross', 'balance', 'ordered', 'delivered', 'daysLate']);

function Head({ columns }: { columns: string[] }) {
  const { t } = useTranslation();
  return (
    <TableHead>
      <TableRow>
        {columns.map((c) => (
          <TableCell key={c} align={RIGHT.has(c) ? 'right' : undefined}>
            {t(`payables.columns.${c}`)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** A bill's row: the reference opens it. Its statuses are drawn by their values in the first frame too. */
function BillRow({
  b,
  locale,
  onOpen,
}: {
  b: VendorBillSummary;
  locale: string;
  onOpen: (b: VendorBillSummary) => void;
}) {
  const [vendor, reference, account, period, due, gross, balance] = billTexts(b, locale);
  return (
    <DataRow data-testid="bill-row" data-bill-id={b.ID} data-frame-row="">
      <DataCell wrap>{vendor}</DataCell>
      <DataCell>
        <DataLinkButton onClick={() => onOpen(b)} data-testid="open-bill">
          {reference}
        </DataLinkButton>
      </DataCell>
      <DataCell wrap>{account}</DataCell>
      <DataCell>{period}</DataCell>
      <DataCell>{due}</DataCell>
      <DataCell align="right">{gross}</DataCell>
      <DataCell align="right">{balance}</DataCell>
      <DataCell data-frame-variant={b.Status}>
        <BillStatusChip status={b.Status} />
      </DataCell>
      <DataCell data-frame-variant={b.PayStatus}>
        <PayStatusChip status={b.PayStatus} />
      </DataCell>
    </DataRow>
  );
}

/** The payables, by due date: the reference opens the bill. */
export function PayablesTable(props: { list: PayablesList; locale: string; onOpen: (b: VendorBillSummary) => void }) {
  const { t } = useTranslation();
  const { list, locale } = props;
  return (
    <>
      <TableContainer>
        <Table size="small">
          <Head columns={COLUMNS} />
          <TableBody>
            <TableStateRows
              colSpan={COLUMNS.length}
              loading={list.loading}
              empty={!list.loading && list.rows.length === 0}
              emptyText={t('payables.list.empty')}
              emptyTestId="payables-empty"
            />
            {list.rows.map((b) => (
              <BillRow key={b.ID} b={b} locale={locale} onOpen={props.onOpen} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasMore && (
        <Button sx={{ mt: 1 }} onClick={list.more} disabled={list.busy} data-testid="more-bills">
          {t('payables.list.more')}
        </Button>
      )}
    </>
  );
}

const MISSING = ['vendor', 'account', 'activity', 'period', 'ordered', 'delivered', 'dueBy', 'daysLate', 'enter'];

/** Order months with delivery and no bill past the grace days: "Enter bill" opens the dialog for that month. */
export function MissingBillsTable(props: {
  rows: MissingBillView[] | undefined;
  locale: string;
  onEnter: (m: MissingBillView) => void;
}) {
  const { t } = useTranslation();
  const { rows, locale } = props;
  return (
    <TableContainer>
      <Table size="small">
        <Head columns={MISSING} />
        <TableBody>
          <TableStateRows
            colSpan={MISSING.length}
            loading={!rows}
            empty={!!rows && rows.length === 0}
            emptyText={t('payables.missing.empty')}
            emptyTestId="missing-empty"
          />
          {(rows ?? []).map((m) => (
            <TableRow key={`${m.OrderId}:${m.Period}`} data-testid="missing-row">
              <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>{m.VendorName}</TableCell>
              <TableCell>{m.AccountName}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>{m.ActivityName}</TableCell>
              <TableCell>{m.Period}</TableCell>
              <TableCell align="right">{formatCurrency(m.Ordered, m.Currency, locale)}</TableCell>
              <TableCell align="right">
                {m.Delivered === null ? '—' : formatCurrency(m.Delivered, m.Currency, locale)}
              </TableCell>
              <TableCell>{formatDate(m.DueBy, locale)}</TableCell>
              <TableCell align="right">{m.DaysLate}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => props.onEnter(m)} data-testid="enter-missing-bill">
                  {t('payables.actions.enter')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
