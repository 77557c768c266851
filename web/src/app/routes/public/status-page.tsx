import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { homePathFor, signOut, useSession } from '../../../lib/auth';
import { PublicFrame } from './public-frame';

/**
 * /pages/error (unknown routes) and /forbidden (a permission is missing). What it offers depends on
 * who is looking: a signed-in user goes back to their home or signs in as someone else;
 * only a signed-out visitor is offered to sign in.
 */
function StatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid={`status-${kind}`}>
        <Typography variant="h2" component="p" color="primary">
          {kind === 'notFound' ? '404' : '403'}
        </Typography>
        <Typography variant="h4" component="h1">
          {t(`public.${kind}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`public.${kind}.text`)}</Typography>
        {session ? (
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to={homePathFor(session)} variant="contained" data-testid="status-home">
              {t('public.backHome')}
            </Button>
            <Button
              variant="outlined"
              data-testid="status-switch-user"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              {t('public.switchUser')}
            </Button>
          </Stack>
        ) : (
          <Button component={RouterLink} to="/login" variant="contained" data-testid="status-sign-in">
            {t('auth.actions.signIn')}
          </Button>
        )}
      </Stack>
    </PublicFrame>
  );
}

export const NotFound = () => <StatusPage kind="notFound" />;
export const Forbidden = () => <StatusPage kind="forbidden" />;
