import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useTranslation } from 'react-i18next';
import { MENU_LOCALES, OWN_NAMES } from '../../../lib/locale';
import { chooseLocale } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';

/** The languages, each in its own name, on the sign-in screens (before a profile gives a company default). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <ButtonGroup size="small" variant="text" aria-label={t('language.choose')}>
      {MENU_LOCALES.map((l) => (
        <Button key={l} onClick={() => chooseLocale(l)} disabled={l === locale} lang={l}>
          {OWN_NAMES[l]}
        </Button>
      ))}
    </ButtonGroup>
  );
}
