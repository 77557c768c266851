import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { importPlan } from '../api/plan-import-api';
import { importRefusal } from '../model/plan-import';
import { ImportPreviewView } from './import-preview';
import { useImportPreview } from './use-import-preview';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** ImportMediaMix's reply: the new Draft version. */
export type ImportedVersion = Awaited<ReturnType<typeof importPlan>>;

export interface ImportDialogProps {
  /** The account of the page (x-account-id). */
  scope: number;
  /** The version the file is compared with (the one shown). */
  versionId: number;
  file: File;
  currency: number;
  locale: string;
  /** The new Draft version was made. */
  onImported: (made: ImportedVersion) => Promise<void> | void;
  onClose: () => void;
}

/**
 * "Import from Excel": the chosen file (checked for size here too) goes to
 * PreviewMediaMixImport, and the dialog lists what it would change against the version shown: the
 * lines added (name, budget), the lines changed (each field by the editor's label, before → after;
 * a channel by its name, a monthly split as its own or by days), the lines removed, and how many
 * stay as they are. Confirm sends ImportMediaMix with the preview's token, which makes the new Draft
 * version. A refused file says why in the user's language, with the sheet, row and column of the
 * cell at fault and the cell's own reason.
 */
export function ImportDialog({
  scope,
  versionId: versionId,
  file,
  currency,
  locale,
  onImported,
  onClose,
}: ImportDialogProps) {
  const { t } = useTranslation();
  const { base64, preview, refusal, setRefusal } = useImportPreview(file, scope, versionId);

  const changes = preview ? preview.Added.length + preview.Changed.length + preview.Removed.length : 0;
  const confirm = () => {
    if (!preview || base64 === null) return undefined;
    return (async () => {
      setRefusal(null);
      try {
        const made = await importPlan(scope, versionId, base64, preview.Token);
        await onImported(made);
      } catch (err) {
        setRefusal(importRefusal(err, t));
        throw err;
      }
    })();
  };
  return (
    <FormDialog
      id="import-dialog"
      title={t('mediaPlan.import.title')}
      maxWidth="sm"
      onSubmit={confirm}
      onClose={onClose}
      submitLabel={
        preview ? t('mediaPlan.import.confirm', { n: preview.NewVersionNumber }) : t('mediaPlan.import.confirmShort')
      }
      submitDisabled={!preview || changes === 0 || refusal !== null}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="import-file">
        <bdi>{file.name}</bdi>
      </Typography>
      {!preview && !refusal && <ProgressBar label={t('mediaPlan.import.reading')} testId="import-reading" />}
      {refusal && (
        <Alert severity="error" data-testid="import-refused" sx={{ mb: 1 }}>
          <AlertTitle data-testid="import-refused-message">{refusal.message}</AlertTitle>
          {refusal.cell && <div data-testid="import-refused-cell">{refusal.cell}</div>}
        </Alert>
      )}
      {preview && <ImportPreviewView preview={preview} changes={changes} currency={currency} locale={locale} />}
    </FormDialog>
  );
}
