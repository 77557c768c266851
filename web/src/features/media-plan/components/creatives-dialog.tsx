import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@server/shared/file-size';
import { creativesQuery, type LineRef } from '../api/creatives-api';
import { CreativeTile } from './creative-tile';
import { CreativeUploadButton, CreativeUploadProgress } from './creative-upload-controls';
import { useCreativeUploads } from './use-creative-uploads';
import { ProgressBar } from '../../../components/ui/progress-bar';

export interface CreativesDialogProps {
  /** The account of the page (x-account-id). */
  scope: number;
  line: LineRef & { name: string; index: number };
  /** A creative was added or removed: the line's counts (and fees) changed on the server. */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * A plan line's creatives: thumbnails of its images and videos (short-lived URLs from the server),
 * and, while the version is a Draft and the user is staff, upload (straight to storage, with
 * progress) and remove. Refusals are shown in the user's language by their code: the API's
 * (too large, a type not taken, content that is not what it claims) and storage's own.
 */
export function CreativesDialog({ scope, line, onChanged, onClose }: CreativesDialogProps) {
  const { t } = useTranslation();
  const ref = { mediaMixId: line.mediaMixId, mediaChannelId: line.mediaChannelId };
  const query = creativesQuery(scope, ref);
  const list = useQuery(query);
  const editable = list.data?.Editable === true;
  const { progress, error, busy, refusal, onFiles, remove } = useCreativeUploads(scope, ref, query.queryKey, onChanged);

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
        {list.isPending && <ProgressBar label={t('common.loading')} />}
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
        {progress && <CreativeUploadProgress progress={progress} />}
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
            <CreativeTile key={c.ID} creative={c} editable={editable} busy={busy} onRemove={(x) => void remove(x)} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {editable && <CreativeUploadButton busy={busy} onFiles={(e) => void onFiles(e)} />}
        <Button onClick={onClose}>{t('mediaPlan.creatives.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
