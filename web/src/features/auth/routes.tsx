import Grid from '@mui/material/Grid';
import { DisplaySettingsCard } from '../../components/display-settings-card';
import { PacingDigestCard } from './components/pacing-digest-card';
import { ProfileScreen } from './components/profile-screen';

/** /user/account-profile/profile2: the user's profile, two-factor sign-in, password, display settings and the pacing digest. */
export function ProfileRoute() {
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <ProfileScreen />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DisplaySettingsCard />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PacingDigestCard />
      </Grid>
    </Grid>
  );
}
