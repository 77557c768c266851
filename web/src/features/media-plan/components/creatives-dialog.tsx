import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATIVE_TYPES } from '@server/shared/creative-content';
import { formatBytes } from '@server/shared/file-size';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { StorageRefusal, uploadToStorage } from '../../../lib/storage-upload';
import {
  confirmUpload,
  creativesQuery,
  removeCreative,
  requestUpload,
  type CreativeListItem,
  type LineRef,
} from '../api/creatives-api';

export interface CreativesDialogProps {
  /** The account of the page (x-account-id). */
  scope: number;
  line: LineRef & { name: string; index: number };
  /** A creative was added or removed: the line's counts (and fees) changed on the server. */
  onChanged: () => void;
  onClose: () => void;
}

const ACCEPT = [...CREATIVE_TYPES.image, ...CREATIVE_TYPES.video].join(',');
const kindOf = (type: string) => (type.startsWith('video/') ? 'video' : 'image') as 'image' | 'video';

/**
 * A plan line's creatives: thumbnails of its images and videos (short-lived URLs from the server),
 * and, while the version is a Draft and the user is staff, upload (straight to storage, with
 * progress) and remove. Refusals are shown in the user's language by their code: the API's
 * (too large, a type not taken, content that is not what it claims) and storage's own.
 */
export function CreativesDialog({ scope, line, onChanged, onClose }: CreativesDialogProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const ref = { mediaMixId: line.mediaMixId, mediaChannelId: line.mediaChannelId };
  const query = creativesQuery(scope, ref);
  const list = useQuery(query);
  const [progress, setProgress] = useState<{ fileName: string; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const editable = list.data?.Editable === true;

  const refusal = (err: unknown, fileName: string, maxBytes: number | null): string => {
    if (err instanceof ApiError) return apiErrorText(err, t);
    if (err instanceof StorageRefusal && err.code === 'EntityTooLarge' && maxBytes !== null) {
      return t('mediaPlan.creatives.refused.tooLarge', { fileName, limit: formatBytes(maxBytes) });
    }
    return t('mediaPlan.creatives.refused.storage', { fileName });
  };

  const changed = async () => {
    onChanged();
    await qc.invalidateQueries({ queryKey: query.queryKey, exact: true });
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

  const limits =
    list.data &&
    t('mediaPlan.creatives.limits', {
      image: formatBytes(list.data.MaxImageBytes),
      video: formatBytes(list.data.MaxVideoBytes),
    });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="creatives-title">
      <DialogTitle id="creatives-title">
        {t('mediaPlan.creatives.title', { n: line.index, name: line.name })}
      </DialogTitle>
      <DialogContent>
        {list.isPending && <LinearProgress aria-label={t('common.loading')} />}
        {list.error != null && <Alert severity="error">{refusal(list.error, '', null)}</Alert>}
        {limits && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {limits}
          </Typography>
        )}
        {list.data && !editable && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="creatives-read-only">
            {t('mediaPlan.creatives.readOnly')}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="creatives-error">
            {error}
          </Alert>
        )}
        {progress && (
          <Box sx={{ mb: 1 }} data-testid="creatives-progress">
            <Typography variant="body2">
              {t('mediaPlan.creatives.uploading', { fileName: progress.fileName })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(progress.share * 100)}
              aria-label={t('mediaPlan.creatives.uploading', { fileName: progress.fileName })}
            />
          </Box>
        )}
        {list.data && list.data.Items.length === 0 && (
          <Typography color="text.secondary" data-testid="creatives-empty">
            {t('mediaPlan.creatives.none')}
          </Typography>
        )}
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 2,
            p: 0,
            m: 0,
            listStyle: 'none',
          }}
        >
          {list.data?.Items.map((c) => (
            <Box
              component="li"
              key={c.ID}
              data-testid="creative"
              data-kind={c.Kind}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
            >
              {c.Kind === 'image' ? (
                <Box
                  component="img"
                  src={c.Url}
                  alt={c.FileName}
                  sx={{ width: '100%', height: 100, objectFit: 'contain' }}
                />
              ) : (
                <Box
                  component="video"
                  src={c.Url}
                  muted
                  preload="metadata"
                  controls
                  aria-label={c.FileName}
                  sx={{ width: '100%', height: 100 }}
                />
              )}
              <Typography variant="body2" noWrap title={c.FileName}>
                <bdi>{c.FileName}</bdi>
              </Typography>
              <Typography variant="caption" color="text.secondary" dir="ltr">
                {formatBytes(c.Size)}
              </Typography>
              {editable && (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => void remove(c)}
                  aria-label={t('mediaPlan.creatives.remove', { fileName: c.FileName })}
                >
                  {t('mediaPlan.creatives.removeShort')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {editable && (
          <>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple
              hidden
              onChange={(e) => void onFiles(e)}
              data-testid="creatives-file"
              aria-label={t('mediaPlan.creatives.upload')}
            />
            <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
              {t('mediaPlan.creatives.upload')}
            </Button>
          </>
        )}
        <Button onClick={onClose}>{t('mediaPlan.creatives.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
