import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import type { VersionInfo } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';
import type { ImportedVersion } from './import-dialog';

/** What the picker offers: the .xlsx the export writes. */
const IMPORT_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The preview dialog (and what it formats with) is its own chunk, loaded when a file is chosen.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

export interface ImportPlanButtonProps {
  /** The account of the page (x-account-id). */
  scope: number;
  info: Pick<VersionInfo, 'ID' | 'ActivityId' | 'Currency'>;
  locale: string;
  disabled: boolean;
  /** Shows another version (the new Draft). */
  onSelect: (versionId: number) => void;
}

/**
 * "Import from Excel" beside Export (shown where "New version" may be used: the import makes the
 * next version): a file picker for the .xlsx, then the preview dialog; once imported, the versions
 * list is read again and the new Draft opens.
 */
export function ImportPlanButton({ scope, info, locale, disabled, onSelect }: ImportPlanButtonProps) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (chosen) setFile(chosen);
  };

  const imported = async (made: ImportedVersion) => {
    show({ message: t('mediaPlan.import.done', { n: made.VersionNumber }) });
    await qc.invalidateQueries({ queryKey: planQueries.list(scope, info.ActivityId).queryKey, exact: true });
    setFile(null);
    onSelect(made.MediaMixId);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        onChange={pick}
        data-testid="import-plan-file"
        aria-label={t('mediaPlan.actions.import')}
      />
      <Button
        variant="text"
        onClick={() => input.current?.click()}
        disabled={disabled || file !== null}
        data-testid="import-plan"
      >
        {t('mediaPlan.actions.import')}
      </Button>
      {file && (
        <Suspense fallback={null}>
          <ImportDialog
            scope={scope}
            versionId={info.ID}
            file={file}
            currency={info.Currency}
            locale={locale}
            onImported={imported}
            onClose={() => setFile(null)}
          />
        </Suspense>
      )}
    </>
  );
}
