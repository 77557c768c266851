import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@server/shared/file-size';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { StorageRefusal, uploadToStorage } from '../../../lib/storage-upload';
import {
  confirmUpload,
  removeCreative,
  requestUpload,
  type CreativeListItem,
  type LineRef,
} from '../api/creatives-api';

const kindOf = (type: string) => (type.startsWith('video/') ? 'video' : 'image') as 'image' | 'video';

/**
 * A line's creatives' uploads (straight to storage, with progress, one file after another; the
 * first refusal stops the rest) and removals, and the refusal's text in the user's language.
 */
export function useCreativeUploads(scope: number, ref: LineRef, queryKey: readonly unknown[], onChanged: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [progress, setProgress] = useState<{ fileName: string; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refusal = (err: unknown, fileName: string, maxBytes: number | null): string => {
    if (err instanceof ApiError) return apiErrorText(err, t);
    if (err instanceof StorageRefusal && err.code === 'EntityTooLarge' && maxBytes !== null) {
      return t('mediaPlan.creatives.refused.tooLarge', { fileName, limit: formatBytes(maxBytes) });
    }
    return t('mediaPlan.creatives.refused.storage', { fileName });
  };

  const changed = async () => {
    onChanged();
    await qc.invalidateQueries({ queryKey, exact: true });
  };

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setError(null);
    setBusy(true);
    try {
      for (const file of files) {
        let maxBytes: number | null = null;
        setProgress({ fileName: file.name, share: 0 });
        try {
          const contentType = file.type || 'application/octet-stream';
          const upload = await requestUpload(scope, ref, {
            kind: kindOf(contentType),
            fileName: file.name,
            size: file.size,
            contentType,
          });
          maxBytes = upload.MaxBytes;
          await uploadToStorage(upload, file, (share) => setProgress({ fileName: file.name, share }));
          await confirmUpload(scope, ref, upload.Creative.ID);
          await changed();
        } catch (err) {
          setError(refusal(err, file.name, maxBytes));
          return;
        }
      }
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  const remove = async (c: CreativeListItem) => {
    setError(null);
    setBusy(true);
    try {
      await removeCreative(scope, ref, c.ID);
      await changed();
    } catch (err) {
      setError(refusal(err, c.FileName, null));
    } finally {
      setBusy(false);
    }
  };

  return { progress, error, busy, refusal, onFiles, remove };
}
