import Add from '@mui/icons-material/Add';
import Archive from '@mui/icons-material/ArchiveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Restore from '@mui/icons-material/RestoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { ChannelType, TemplateSummary } from '../api/templates-api';
import { templateQueries, useTemplateWrites } from '../api/templates-queries';
import { emptyTemplateForm, formFromTemplate, toPayload, type TemplateForm } from './template-form';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { HistoryButton } from '../../../components/history/history-button';

const TemplateDialog = lazy(() => import('./template-dialog').then((m) => ({ default: m.TemplateDialog })));

/**
 * /templates/list (GeneralSettings): the company's media-plan templates, edited in a dialog with
 * their lines; deleting archives, and the archived view (for whoever may delete) restores.
 */
export function TemplatesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const run = useConfirmedAction();
  // Deleting and restoring need GeneralSettings (the API's rule), as does the screen's route.
  const session = useSession();
  const canArchive = hasPermission(session?.profile, Permission.GeneralSettings);
  const qc = useQueryClient();
  const writes = useTemplateWrites();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<{ form: TemplateForm; catalogue: ChannelType[] } | null>(null);
  const [opening, setOpening] = useState(false);
  // Each view is its own read (archived: true or false); one not read yet shows no rows of the other.
  const list = useQuery(templateQueries.list(archived));
  const rows = list.data?.Items ?? [];
  const readAgain = () => void list.refetch();
  /** A conflict's Reload: every template list is out of date, the one on screen read at once. */
  const reload = useCallback(
    () => void qc.invalidateQueries({ queryKey: ['TemplatesService', 'GetTemplatesList'] }),
    [qc],
  );

  /**
   * The dialog opens on the template as the server has it now (its version is what the save checks)
   * and the channel-type catalogue, read once and kept in the cache like any read.
   */
  const open = async (id: number | null) => {
    setOpening(true);
    try {
      const [form, catalogue] = await Promise.all([
        id === null
          ? emptyTemplateForm()
          : qc.fetchQuery({ ...templateQueries.info(id), staleTime: 0 }).then(formFromTemplate),
        qc.fetchQuery(templateQueries.catalogue()).then((c) => c.Items),
      ]);
      setEditing({ form, catalogue });
    } catch (err) {
      showError(err, { fallback: t('errors.loadFailed'), reload });
    } finally {
      setOpening(false);
    }
  };

  // A write invalidates the lists itself (useTemplateWrites), so success reads nothing more here.
  const nothingMore = () => undefined;
  const closeAndReload = () => {
    setEditing(null);
    reload();
  };
  const save = (form: TemplateForm) =>
    run({
      action: () => writes.save.mutateAsync(toPayload(form)),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      done: () => setEditing(null),
      rethrow: true,
    });

  const archive = (tpl: TemplateSummary) =>
    run({
      confirm: {
        title: t('templates.confirmArchive.title'),
        message: t('templates.confirmArchive.message', { name: tpl.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.archive.mutateAsync(tpl.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
      done: nothingMore,
    });

  const restore = (tpl: TemplateSummary) =>
    run({
      confirm: {
        title: t('templates.confirmRestore.title'),
        message: t('templates.confirmRestore.message', { name: tpl.Name }),
        confirmLabel: t('accounts.actions.restore'),
      },
      action: () => writes.restore.mutateAsync(tpl.ID),
      success: t('templates.restored'),
      failure: t('templates.restoreFailed'),
      reload,
      done: nothingMore,
    });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        {canArchive && <ArchivedViewSelect archived={archived} onChange={setArchived} />}
        <Box sx={{ flexGrow: 1 }} />
        {!archived && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => open(null)}
            disabled={opening}
            data-testid="create-template"
          >
            {t('templates.actions.create')}
          </Button>
        )}
      </Stack>
      <LoadError error={list.error} onReload={readAgain} />
      <Box sx={{ height: 4 }}>
        {(opening || (list.isFetching && !list.isPending)) && <LinearProgress aria-label={t('common.loading')} />}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t('menu.templates')} data-testid="templates-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('accounts.fields.Name')}</TableCell>
              <TableCell>{t('templates.fields.Description')}</TableCell>
              <TableCell align="right">{t('templates.fields.LineCount')}</TableCell>
              <TableCell>{t('accounts.fields.updatedAt')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={5}
              loading={list.isPending}
              empty={!list.isPending && !list.error && rows.length === 0}
              emptyText={archived ? t('templates.emptyArchived') : t('templates.empty')}
              emptyTestId="templates-empty"
            />
            {rows.map((tpl) => (
              <TableRow key={tpl.ID} hover data-testid="template-row">
                <TableCell>{tpl.Name}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{tpl.Description}</TableCell>
                <TableCell align="right">{tpl.LineCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(tpl.updatedAt, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {tpl.Status === 'Active' && (
                    <IconButton
                      size="small"
                      title={t('common.edit')}
                      aria-label={`${t('common.edit')} ${tpl.Name}`}
                      disabled={opening}
                      onClick={() => open(tpl.ID)}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                  )}
                  {canArchive && tpl.Status === 'Active' && (
                    <IconButton
                      size="small"
                      title={t('accounts.actions.archive')}
                      aria-label={`${t('accounts.actions.archive')} ${tpl.Name}`}
                      onClick={() => archive(tpl)}
                    >
                      <Archive fontSize="small" />
                    </IconButton>
                  )}
                  {canArchive && tpl.Status === 'Archived' && (
                    <IconButton
                      size="small"
                      title={t('accounts.actions.restore')}
                      aria-label={`${t('accounts.actions.restore')} ${tpl.Name}`}
                      onClick={() => restore(tpl)}
                    >
                      <Restore fontSize="small" />
                    </IconButton>
                  )}
                  <HistoryButton entity="template" id={tpl.ID} fields="templates.fields" label={tpl.Name} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && (
        <Suspense fallback={null}>
          <TemplateDialog
            initial={editing.form}
            catalogue={editing.catalogue}
            locale={locale}
            onSave={save}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
