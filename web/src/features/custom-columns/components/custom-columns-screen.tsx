import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { COLUMN_SCOPES, type CustomColumn } from '../api/custom-columns-api';
import { columnQueries, useColumnWrites } from '../api/custom-columns-queries';
import { emptyColumnForm, formFromColumn, toPayload, type ColumnForm } from './column-form';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { HistoryButton } from '../../../components/history/history-button';

const CustomColumnDialog = lazy(() =>
  import('./custom-column-dialog').then((m) => ({ default: m.CustomColumnDialog })),
);

/**
 * A refused restore (409) names why when it is not a stale version: the formula no longer parses
 * against today's metric names (COLUMN_FORMULA_BROKEN), or an active column has the name now (NAME_TAKEN).
 */
function useRestoreError() {
  const showApiError = useApiError();
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback(
    (err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
      if (err instanceof ApiError && err.isConflict && !err.isStale) {
        show({ severity: 'error', message: t('customColumns.restoreRefused', { reason: apiErrorText(err, t) }) });
        return;
      }
      showApiError(err, opts);
    },
    [showApiError, show, t],
  );
}

/**
 * /customColumns/list (GeneralSettings): the company's formula columns for the media plan and the
 * performance report; deleting archives, and the archived view (for whoever may delete) restores.
 */
export function CustomColumnsScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const run = useConfirmedAction();
  const restoreError = useRestoreError();
  const runRestore = useConfirmedAction(restoreError);
  // Deleting and restoring need GeneralSettings (the API's rule), as does the screen's route.
  const session = useSession();
  const canArchive = hasPermission(session?.profile, Permission.GeneralSettings);
  const qc = useQueryClient();
  const writes = useColumnWrites();
  const [scope, setScope] = useState('');
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<ColumnForm | null>(null);
  // Each view is its own read (archived: true or false); one not read yet shows no rows of the other.
  const list = useQuery(columnQueries.list(archived));
  const visible = (list.data?.Items ?? []).filter((c) => !scope || c.Scope === scope);
  const readAgain = () => void list.refetch();
  /** A conflict's Reload: every column list is out of date, the one on screen read at once. */
  const reload = useCallback(
    () => void qc.invalidateQueries({ queryKey: ['CustomColumnsService', 'GetCustomColumnsList'] }),
    [qc],
  );

  // A write invalidates the lists itself (useColumnWrites), so success reads nothing more here.
  const nothingMore = () => undefined;
  const closeAndReload = () => {
    setEditing(null);
    reload();
  };
  const save = (form: ColumnForm) =>
    run({
      action: () => writes.save.mutateAsync(toPayload(form)),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      done: () => setEditing(null),
      rethrow: true,
    });

  const check = async (formula: string, s: ColumnForm['Scope']) => {
    try {
      return await qc.fetchQuery(columnQueries.check(formula, s));
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
      throw err;
    }
  };

  const archive = (c: CustomColumn) =>
    run({
      confirm: {
        title: t('customColumns.confirmArchive.title'),
        message: t('customColumns.confirmArchive.message', { name: c.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.archive.mutateAsync(c.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
      done: nothingMore,
    });

  const restore = (c: CustomColumn) =>
    runRestore({
      confirm: {
        title: t('customColumns.confirmRestore.title'),
        message: t('customColumns.confirmRestore.message', { name: c.Name }),
        confirmLabel: t('accounts.actions.restore'),
      },
      action: () => writes.restore.mutateAsync(c.ID),
      success: t('customColumns.restored'),
      failure: t('customColumns.restoreFailed'),
      reload,
      done: nothingMore,
    });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          select
          label={t('customColumns.fields.Scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value)}
          name="scope"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('customColumns.anyScope')}</MenuItem>
          {COLUMN_SCOPES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`customColumns.scopes.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {canArchive && <ArchivedViewSelect archived={archived} onChange={setArchived} />}
        <Box sx={{ flexGrow: 1 }} />
        {!archived && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing(emptyColumnForm())}
            data-testid="create-column"
          >
            {t('customColumns.actions.create')}
          </Button>
        )}
      </Stack>
      <LoadError error={list.error} onReload={readAgain} />
      <TableContainer>
        <Table size="small" aria-label={t('menu.customColumns')} data-testid="columns-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('accounts.fields.Name')}</TableCell>
              <TableCell>{t('customColumns.fields.Scope')}</TableCell>
              <TableCell>{t('customColumns.fields.Format')}</TableCell>
              <TableCell>{t('customColumns.fields.Formula')}</TableCell>
              <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={6}
              loading={list.isPending}
              empty={!list.isPending && !list.error && visible.length === 0}
              emptyText={archived ? t('customColumns.emptyArchived') : t('customColumns.empty')}
              emptyTestId="columns-empty"
            />
            {visible.map((c) => (
              <TableRow key={c.ID} hover data-testid="column-row">
                <TableCell>{c.Name}</TableCell>
                <TableCell>{t(`customColumns.scopes.${c.Scope}`)}</TableCell>
                <TableCell>{t(`customColumns.formats.${c.Format}`)}</TableCell>
                <TableCell>
                  <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {c.Formula}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.updatedAt, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {c.Status === 'Active' && (
                    <IconButton
                      size="small"
                      title={t('common.edit')}
                      aria-label={`${t('common.edit')} ${c.Name}`}
                      onClick={() => setEditing(formFromColumn(c))}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                  )}
                  {canArchive && c.Status === 'Active' && (
                    <IconButton
                      size="small"
                      title={t('accounts.actions.archive')}
                      aria-label={`${t('accounts.actions.archive')} ${c.Name}`}
                      onClick={() => archive(c)}
                    >
                      <Archive fontSize="small" />
                    </IconButton>
                  )}
                  {canArchive && c.Status === 'Archived' && (
                    <IconButton
                      size="small"
                      title={t('accounts.actions.restore')}
                      aria-label={`${t('accounts.actions.restore')} ${c.Name}`}
                      onClick={() => restore(c)}
                    >
                      <Restore fontSize="small" />
                    </IconButton>
                  )}
                  <HistoryButton entity="customColumn" id={c.ID} fields="customColumns.fields" label={c.Name} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <Suspense fallback={null}>
          <CustomColumnDialog initial={editing} check={check} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
