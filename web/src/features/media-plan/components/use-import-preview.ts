import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewImport, type PlanImportPreview } from '../api/plan-import-api';
import { importRefusal, MAX_IMPORT_BYTES, readBase64, tooLarge, type ImportRefusal } from '../model/plan-import';

/**
 * The file read and sent to PreviewMediaMixImport (one too large is refused here): its content (kept
 * for the import), the preview, or why it was refused.
 */
export function useImportPreview(file: File, scope: number, versionId: number) {
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
        const answer = await previewImport(scope, versionId, data);
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
  }, [file, scope, versionId, t]);
  return { base64, preview, refusal, setRefusal };
}
