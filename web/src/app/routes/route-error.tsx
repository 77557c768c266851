import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A screen that failed to render (reported through CrashSend by the root's error hooks). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError() as Error | undefined;
  return (
    <Stack spacing={2} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }} role="alert">
      <Typography variant="h4" component="h1">
        {t('errors.crashTitle')}
      </Typography>
      <Typography color="text.secondary">{t('errors.crashText')}</Typography>
      {error?.message && (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }} dir="ltr">
          {error.message}
        </Typography>
      )}
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Stack>
  );
}
