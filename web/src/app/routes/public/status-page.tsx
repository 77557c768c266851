import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicFrame } from './public-frame';

/** /pages/error (unknown routes) and /forbidden (a permission is missing). */
function StatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid={`status-${kind}`}>
        <Typography variant="h2" component="p" color="primary">{kind === 'notFound' ? '404' : '403'}</Typography>
        <Typography variant="h4" component="h1">{t(`public.${kind}.title`)}</Typography>
        <Typography color="text.secondary">{t(`public.${kind}.text`)}</Typography>
        <Button component={RouterLink} to="/accounts/list" variant="contained">{t('public.backHome')}</Button>
      </Stack>
    </PublicFrame>
  );
}

export const NotFound = () => <StatusPage kind="notFound" />;
export const Forbidden = () => <StatusPage kind="forbidden" />;
