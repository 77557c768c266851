import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { LoadError } from '../../../components/ui/load-error';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { templateQueries } from '../api/templates-queries';
import { TemplatesTable } from './templates-table';
import { useTemplateActions } from './use-template-actions';
import { ProgressBar } from '../../../components/ui/progress-bar';

const TemplateDialog = lazy(() => import('./template-dialog').then((m) => ({ default: m.TemplateDialog })));

/**
 * /templates/list (GeneralSettings): the company's media-plan templates, edited in a dialog with
 * their lines; deleting archives, and the archived view (for whoever may delete) restores.
 */
export function TemplatesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  // Deleting and restoring need GeneralSettings (the API's rule), as does the screen's route.
  const session = useSession();
  const canArchive = hasPermission(session?.profile, Permission.GeneralSettings);
  const { editing, setEditing, opening, open, save, archive, restore } = useTemplateActions();
  const [archived, setArchived] = useState(false);
  // Each view is its own read (archived: true or false); one not read yet shows no rows of the other.
  const list = useQuery(templateQueries.list(archived));
  const rows = list.data?.Items ?? [];
  const readAgain = () => void list.refetch();

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
        {(opening || (list.isFetching && !list.isPending)) && <ProgressBar label={t('common.loading')} />}
      </Box>
      <TemplatesTable
        rows={rows}
        loading={list.isPending}
        empty={!list.isPending && !list.error && rows.length === 0}
        archived={archived}
        canArchive={canArchive}
        opening={opening}
        actions={{ open, archive, restore }}
      />
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
