import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATIVE_TYPES } from '@server/shared/creative-content';

const ACCEPT = [...CREATIVE_TYPES.image, ...CREATIVE_TYPES.video].join(',');

/** The file being uploaded and its share sent. */
export function CreativeUploadProgress({ progress }: { progress: { fileName: string; share: number } }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 1 }} data-testid="creatives-progress">
      <Typography variant="body2">{t('mediaPlan.creatives.uploading', { fileName: progress.fileName })}</Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(progress.share * 100)}
        aria-label={t('mediaPlan.creatives.uploading', { fileName: progress.fileName })}
      />
    </Box>
  );
}

/** "Upload": a hidden file input (images and videos, several at once) opened by the button. */
export function CreativeUploadButton({
  busy,
  onFiles,
}: {
  busy: boolean;
  onFiles: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        onChange={onFiles}
        data-testid="creatives-file"
        aria-label={t('mediaPlan.creatives.upload')}
      />
      <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
        {t('mediaPlan.creatives.upload')}
      </Button>
    </>
  );
}
