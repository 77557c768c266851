import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_LOCALES } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';

/** Top-bar language menu (HE, EN); choosing closes it (SPEC §2). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color="inherit" startIcon={<Translate />} onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu" aria-expanded={!!anchor} aria-label={t('language.choose')} data-testid="language-menu-button">
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { minWidth: 200, maxWidth: 280 } } }}>
        {MENU_LOCALES.map((l) => (
          <MenuItem key={l} lang={l} selected={l === locale} onClick={() => { chooseLocale(l); setAnchor(null); }}>
            {t(`language.short.${l}`)} — {t(`language.names.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
