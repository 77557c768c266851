import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Pill } from '../../../components/ui/pill';
import { signOut } from '../../../lib/auth';
import { MENU_LOCALES, OWN_NAMES } from '../../../lib/locale';
import { APP_VERSION } from '../../../lib/version';
import { chooseLocale } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { touchTarget } from '../../../lib/display/touch';

/** Bottom of the drawer: languages, User Profile, Logout and the version chip. */
export function DrawerFooter({ onSelect }: { onSelect: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locale } = useLocaleAndDirection();
  return (
    <Box sx={{ mt: 'auto' }}>
      <Divider />
      {/* Groups of buttons and links, not lists of items (a ul may hold li only). */}
      <List component="div" role="group" dense sx={{ px: 1 }} aria-label={t('language.choose')}>
        {MENU_LOCALES.map((l) => (
          <ListItemButton
            key={l}
            selected={l === locale}
            lang={l}
            onClick={() => chooseLocale(l)}
            sx={{ borderRadius: 1, ...touchTarget }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Translate fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={OWN_NAMES[l]} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List component="div" dense sx={{ px: 1 }}>
        <ListItemButton
          component={RouterLink}
          to="/user/account-profile/profile2"
          onClick={onSelect}
          sx={{ borderRadius: 1, ...touchTarget }}
          data-testid="user-profile-link"
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('layout.userProfile')} />
        </ListItemButton>
        <ListItemButton
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
          sx={{ borderRadius: 1, ...touchTarget }}
          data-testid="logout"
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('layout.logout')} />
        </ListItemButton>
      </List>
      <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
        <Pill label={`${t('layout.versionNum')} ${APP_VERSION}`} data-testid="version-chip" />
      </Box>
    </Box>
  );
}
