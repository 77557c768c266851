import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { ChangePassword } from './change-password';
import { MfaSettings } from './mfa-settings';

/** /user/account-profile/profile2: who I am, two-factor sign-in, password. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const p = session?.profile;
  const rows: [string, string][] = p
    ? [
        [t('profile.fields.Name'), p.Name],
        [t('profile.fields.Email'), p.Email],
        [t('profile.fields.Role'), t(`roles.${p.RoleId}`, { defaultValue: String(p.RoleId) })],
        [t('profile.fields.Company'), p.Company?.Name ?? ''],
      ]
    : [];

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader title={t('profile.title')} />
          <CardContent>
            <Stack spacing={1}>
              {rows.map(([label, value]) => (
                <Stack key={label} direction="row" spacing={2}>
                  <Typography sx={{ minWidth: 120 }} color="text.secondary">
                    {label}
                  </Typography>
                  <Typography>{value}</Typography>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader title={t('profile.mfa.title')} />
          <CardContent>
            <MfaSettings />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader title={t('profile.password.title')} />
          <CardContent>
            <ChangePassword />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
