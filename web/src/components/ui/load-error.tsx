import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A list that could not be read: the server's message (or a general one) and a Reload button; nothing without an error. */
export function LoadError({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation();
  if (error == null) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={onReload}>{t('common.reload')}</Button>}>
      {(error as Error).message || t('errors.loadFailed')}
    </Alert>
  );
}
