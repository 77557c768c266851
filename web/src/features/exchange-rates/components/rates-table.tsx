import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { ExchangeRateView } from '../api/exchange-rates-api';
import { formatDay, formatRate } from './rate-format';

/** The rates read so far, newest first, each with edit and delete. */
export function RatesTable({
  rows,
  loading,
  empty,
  onEdit,
  onDelete,
}: {
  rows: ExchangeRateView[];
  loading: boolean;
  empty: boolean;
  onEdit: (r: ExchangeRateView) => void;
  onDelete: (r: ExchangeRateView) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('titles.exchangeRates')} data-testid="rates-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('exchangeRates.fields.Date')}</TableCell>
            <TableCell>{t('exchangeRates.fields.Pair')}</TableCell>
            <TableCell align="right">{t('exchangeRates.fields.Rate')}</TableCell>
            <TableCell>{t('exchangeRates.fields.Source')}</TableCell>
            <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={6}
            loading={loading}
            empty={empty}
            emptyText={t('exchangeRates.empty')}
            emptyTestId="rates-empty"
          />
          {rows.map((r) => (
            <TableRow key={`${r.Date}-${r.From}-${r.To}`} hover data-testid="rate-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(r.Date, locale)}</TableCell>
              <TableCell>
                <span dir="ltr">{`${r.From} → ${r.To}`}</span>
              </TableCell>
              <TableCell align="right">
                <span dir="ltr">{formatRate(r.Rate, locale)}</span>
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`exchangeRates.source.${r.Source}`)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.updatedAt, locale, true)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  title={t('common.edit')}
                  aria-label={`${t('common.edit')} ${r.From}/${r.To} ${r.Date}`}
                  onClick={() => onEdit(r)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  title={t('exchangeRates.actions.delete')}
                  aria-label={`${t('exchangeRates.actions.delete')} ${r.From}/${r.To} ${r.Date}`}
                  onClick={() => onDelete(r)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
