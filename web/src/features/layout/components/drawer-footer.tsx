import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import { signOut } from '../../../lib/auth';
import { MENU_LOCALES, OWN_NAMES } from '../../../lib/locale';
import { APP_VERSION } from '../../../lib/version';
import { chooseLocale } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { NavEntryButton, NavEntryLink } from './nav-entry';
import { PlainIcon } from '../../../components/ui/plain-icon';

/** Bottom of the drawer: languages, User Profile, Logout and the version chip. */
export function DrawerFooter({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = useLocaleAndDirection();
  return (
    <Box sx={{ mt: 'auto' }}>
      <Divider />
      {/* Groups of buttons and links, not lists of items (a ul may hold li only). */}
      <div role="group" className="nav-group" aria-label={t('language.choose')}>
        {MENU_LOCALES.map((l) => (
          <NavEntryButton
            key={l}
            chosen={l === locale}
            lang={l}
            onClick={() => chooseLocale(l)}
            icon={<PlainIcon of={Translate} />}
            primary={OWN_NAMES[l]}
          />
        ))}
      </div>
      <Divider />
      <div className="nav-group">
        <NavEntryLink
          to="/user/account-profile/profile2"
          onClick={onSelect}
          data-testid="user-profile-link"
          icon={<PlainIcon of={PersonOutline} />}
          primary={t('layout.userProfile')}
        />
        <NavEntryButton
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
          data-testid="logout"
          icon={<PlainIcon of={Logout} />}
          primary={t('layout.logout')}
        />
      </div>
      <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
        <Pill label={`${t('layout.versionNum')} ${APP_VERSION}`} data-testid="version-chip" />
      </Box>
    </Box>
  );
}
