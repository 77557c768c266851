import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VersionStatus } from '@server/shared/version-status';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { VersionListItem } from '../api/media-plan-api';

const CHIP_COLOR = {
  [VersionStatus.Draft]: 'default',
  [VersionStatus.Submitted]: 'info',
  [VersionStatus.Approved]: 'success',
  [VersionStatus.Rejected]: 'error',
} as const;

export function StatusChip({ status }: { status: VersionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={CHIP_COLOR[status] ?? 'default'}
      label={t(`mediaPlan.status.${status}`)}
      data-testid="status-chip"
      data-status={status}
    />
  );
}

/** Client answer of a version: signed off, or declined with a comment. */
export function ClientFlag({
  v,
  locale,
}: {
  v: Pick<
    VersionListItem,
    'ClientApprovedBy' | 'ClientApprovedAt' | 'ClientDeclinedBy' | 'ClientDeclinedAt' | 'ClientDeclinedComment'
  >;
  locale: string;
}) {
  const { t } = useTranslation();
  if (v.ClientApprovedAt) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        data-testid="client-signed-off"
        title={v.ClientApprovedBy ?? undefined}
        label={t('mediaPlan.client.signedOff', { at: formatDate(v.ClientApprovedAt, locale) })}
      />
    );
  }
  if (v.ClientDeclinedAt) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        data-testid="client-declined"
        title={`${v.ClientDeclinedBy ?? ''}: ${v.ClientDeclinedComment ?? ''}`}
        label={t('mediaPlan.client.declined', { at: formatDate(v.ClientDeclinedAt, locale) })}
      />
    );
  }
  return null;
}

export interface VersionsTableProps {
  items: readonly VersionListItem[];
  selectedId: number | null;
  hrefOf: (id: number) => string;
  locale: string;
}

/** The versions of the activity's plan, newest first: status, approval, client answer, totals. */
export function VersionsTable({ items, selectedId, hrefOf, locale }: VersionsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('mediaPlan.versions.title')} data-testid="versions-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('mediaPlan.versions.version')}</TableCell>
            <TableCell>{t('mediaPlan.versions.name')}</TableCell>
            <TableCell>{t('mediaPlan.versions.status')}</TableCell>
            <TableCell>{t('mediaPlan.versions.approved')}</TableCell>
            <TableCell>{t('mediaPlan.versions.client')}</TableCell>
            <TableCell align="right">{t('mediaPlan.totals.net')}</TableCell>
            <TableCell align="right">{t('mediaPlan.totals.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((v) => (
            <TableRow
              key={v.ID}
              hover
              selected={v.ID === selectedId}
              data-testid="version-row"
              data-mix-id={v.ID}
              data-status={v.Status}
              aria-current={v.ID === selectedId ? 'true' : undefined}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={hrefOf(v.ID)} replace>
                  {t('mediaPlan.versions.versionN', { n: v.Version })}
                </Link>
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>{v.Name}</TableCell>
              <TableCell>
                <StatusChip status={v.Status} />
              </TableCell>
              <TableCell>
                {v.ApprovedAt
                  ? t('mediaPlan.versions.approvedBy', {
                      by: v.ApprovedByName ?? v.ApprovedBy,
                      at: formatDate(v.ApprovedAt, locale, true),
                    })
                  : v.Status === VersionStatus.Rejected && v.RejectedAt
                    ? t('mediaPlan.versions.rejectedBy', {
                        by: v.RejectedByName ?? v.RejectedBy,
                        at: formatDate(v.RejectedAt, locale, true),
                      })
                    : '–'}
              </TableCell>
              <TableCell>
                <ClientFlag
                  v={{
                    ...v,
                    ClientApprovedBy: v.ClientApprovedByName ?? v.ClientApprovedBy,
                    ClientDeclinedBy: v.ClientDeclinedByName ?? v.ClientDeclinedBy,
                  }}
                  locale={locale}
                />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {v.Net === null ? t('mediaPlan.totals.outOfRange') : formatCurrency(v.Net, v.Currency, locale)}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                data-testid="version-total"
              >
                {v.Total === null ? t('mediaPlan.totals.outOfRange') : formatCurrency(v.Total, v.Currency, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
