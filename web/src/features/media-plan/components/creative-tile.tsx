import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@server/shared/file-size';
import type { CreativeListItem } from '../api/creatives-api';

/** One creative in the dialog's grid: its thumbnail (an image, or a muted video), name, size, and remove when editable. */
export function CreativeTile({
  creative: c,
  editable,
  busy,
  onRemove,
}: {
  creative: CreativeListItem;
  editable: boolean;
  busy: boolean;
  onRemove: (c: CreativeListItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      key={c.ID}
      data-testid="creative"
      data-kind={c.Kind}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
    >
      {c.Kind === 'image' ? (
        <Box component="img" src={c.Url} alt={c.FileName} sx={{ width: '100%', height: 100, objectFit: 'contain' }} />
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
          onClick={() => onRemove(c)}
          aria-label={t('mediaPlan.creatives.remove', { fileName: c.FileName })}
        >
          {t('mediaPlan.creatives.removeShort')}
        </Button>
      )}
    </Box>
  );
}
