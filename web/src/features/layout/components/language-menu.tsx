import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../../components/ui/lazy-menu';
import { MENU_LOCALES, OWN_NAMES } from '../../../lib/locale';
import { chooseLocale } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';

/** Top-bar language menu (every console language, each in its own name); choosing closes it. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        // The name says what the button shows, then what it is for (label in name, WCAG 2.5.3).
        aria-label={`${t(`language.short.${locale}`)} — ${t('language.choose')}`}
        data-testid="language-menu-button"
      >
        {t(`language.short.${locale}`)}
      </Button>
      <LazyMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        minWidth={200}
        choices={MENU_LOCALES.map((l) => ({
          key: l,
          lang: l,
          selected: l === locale,
          label: `${t(`language.short.${l}`)} — ${OWN_NAMES[l]}`,
          onChoose: () => chooseLocale(l),
        }))}
      />
    </>
  );
}
