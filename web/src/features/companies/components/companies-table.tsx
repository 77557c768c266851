import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { CompanyView } from '../api/companies-api';

/** Every agency read so far: its users, active accounts and when it was made. */
export function CompaniesTable({ rows, loading, empty }: { rows: CompanyView[]; loading: boolean; empty: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const count = (n: number) => numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('titles.companies')} data-testid="companies-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('companies.fields.name')}</TableCell>
            <TableCell align="right">{t('companies.fields.users')}</TableCell>
            <TableCell align="right">{t('companies.fields.accounts')}</TableCell>
            <TableCell>{t('companies.fields.createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={4}
            loading={loading}
            empty={empty}
            emptyText={t('companies.empty')}
            emptyTestId="companies-empty"
          />
          {rows.map((c) => (
            <TableRow key={c.CompanyId} hover data-testid="company-row">
              <TableCell>{c.Name}</TableCell>
              <TableCell align="right">{count(c.UserCount)}</TableCell>
              <TableCell align="right">{count(c.AccountCount)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.CreatedAt ? formatDate(c.CreatedAt, locale) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
