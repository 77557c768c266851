import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The end of a flow done outside the app: what happened, and Sign in. */
export function AuthDone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="success">{message}</Alert>
      <Button component={RouterLink} to="/login" variant="contained">
        {t('auth.actions.signIn')}
      </Button>
    </Stack>
  );
}
