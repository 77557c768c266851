import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatCurrency } from '../../../lib/format';
import { importPlan, previewImport, type PlanImportPreview } from '../api/plan-import-api';
import {
  fieldLabel,
  importRefusal,
  MAX_IMPORT_BYTES,
  readBase64,
  tooLarge,
  valueText,
  type ImportRefusal,
} from '../model/plan-import';

/** ImportMediaMix's reply: the new Draft version. */
export type ImportedVersion = Awaited<ReturnType<typeof importPlan>>;

export interface ImportDialogProps {
  /** The account of the page (x-account-id). */
  scope: number;
  /** The version the file is compared with (the one shown). */
  mixId: number;
  file: File;
  currency: number;
  locale: string;
  /** The new Draft version was made. */
  onImported: (made: ImportedVersion) => Promise<void> | void;
  onClose: () => void;
}

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Box component="section" data-testid={id} sx={{ mt: 2 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 3 }}>
      {children}
    </Box>
  </Box>
);

/**
 * "Import from Excel": the chosen file (checked for size here too) goes to
 * PreviewMediaMixImport, and the dialog lists what it would change against the version shown: the
 * lines added (name, budget), the lines changed (each field by the editor's label, before → after;
 * a channel by its name, a monthly split as its own or by days), the lines removed, and how many
 * stay as they are. Confirm sends ImportMediaMix with the preview's token, which makes the new Draft
 * version. A refused file says why in the user's language, with the sheet, row and column of the
 * cell at fault and the cell's own reason.
 */
export function ImportDialog({ scope, mixId, file, currency, locale, onImported, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const [base64, setBase64] = useState<string | null>(null);
  const [preview, setPreview] = useState<PlanImportPreview | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(
    file.size > MAX_IMPORT_BYTES ? tooLarge(file.size, t) : null,
  );

  useEffect(() => {
    if (file.size > MAX_IMPORT_BYTES) return undefined;
    let live = true;
    void (async () => {
      try {
        const data = await readBase64(file);
        const answer = await previewImport(scope, mixId, data);
        if (!live) return;
        setBase64(data);
        setPreview(answer);
      } catch (err) {
        if (live) setRefusal(importRefusal(err, t));
      }
    })();
    return () => {
      live = false;
    };
  }, [file, scope, mixId, t]);

  const valueOf = (field: string, v: string | number | null) => valueText(field, v, { currency, locale, t });

  const changes = preview ? preview.Added.length + preview.Changed.length + preview.Removed.length : 0;
  const confirm = () => {
    if (!preview || base64 === null) return undefined;
    return (async () => {
      setRefusal(null);
      try {
        const made = await importPlan(scope, mixId, base64, preview.Token);
        await onImported(made);
      } catch (err) {
        setRefusal(importRefusal(err, t));
        throw err;
      }
    })();
  };

  const arrow = t('mediaPlan.import.arrow');
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
      {!preview && !refusal && (
        <LinearProgress aria-label={t('mediaPlan.import.reading')} data-testid="import-reading" />
      )}
      {refusal && (
        <Alert severity="error" data-testid="import-refused" sx={{ mb: 1 }}>
          <AlertTitle data-testid="import-refused-message">{refusal.message}</AlertTitle>
          {refusal.cell && <div data-testid="import-refused-cell">{refusal.cell}</div>}
        </Alert>
      )}
      {preview && (
        <Box data-testid="import-preview" data-token={preview.Token}>
          <Typography variant="body2">
            {t('mediaPlan.import.summary', { from: preview.BaseVersionNumber, to: preview.NewVersionNumber })}
          </Typography>
          {changes === 0 && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="import-no-changes">
              {t('mediaPlan.import.noChanges', { from: preview.BaseVersionNumber })}
            </Alert>
          )}
          {preview.Added.length > 0 && (
            <Section id="import-added" title={t('mediaPlan.import.added', { n: preview.Added.length })}>
              {preview.Added.map((a) => (
                <li key={`a${a.Row}`} data-testid="import-added-line" data-row={a.Row}>
                  <bdi>{a.Name}</bdi>
                  {' · '}
                  <bdi>{formatCurrency(a.Budget, currency, locale)}</bdi>
                </li>
              ))}
            </Section>
          )}
          {preview.Changed.length > 0 && (
            <Section id="import-changed" title={t('mediaPlan.import.changed', { n: preview.Changed.length })}>
              {preview.Changed.map((c) => (
                <li key={`c${c.LineId}`} data-testid="import-changed-line" data-line-id={c.LineId}>
                  <bdi>{c.Name}</bdi>
                  <Box component="ul" sx={{ m: 0, ps: 2 }}>
                    {c.Changes.map((ch) => (
                      <li key={ch.Field} data-testid="import-change" data-field={ch.Field}>
                        {`${fieldLabel(ch.Field, t)}: `}
                        <bdi>{valueOf(ch.Field, ch.Before)}</bdi>
                        {` ${arrow} `}
                        <bdi>{valueOf(ch.Field, ch.After)}</bdi>
                      </li>
                    ))}
                  </Box>
                </li>
              ))}
            </Section>
          )}
          {preview.Removed.length > 0 && (
            <Section id="import-removed" title={t('mediaPlan.import.removed', { n: preview.Removed.length })}>
              {preview.Removed.map((r) => (
                <li key={`r${r.LineId}`} data-testid="import-removed-line" data-line-id={r.LineId}>
                  <bdi>{r.Name}</bdi>
                </li>
              ))}
            </Section>
          )}
          <Typography variant="body2" sx={{ mt: 2 }} data-testid="import-unchanged" data-count={preview.Unchanged}>
            {t('mediaPlan.import.unchanged', { n: preview.Unchanged })}
          </Typography>
        </Box>
      )}
    </FormDialog>
  );
}
