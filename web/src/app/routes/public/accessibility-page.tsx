import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { accessibilityContact } from '../../../lib/config';
import { PublicFrame } from './public-frame';

/** The day the statement was last reviewed against the console (an ISO date, shown in the reader's language). */
export const ACCESSIBILITY_REVIEWED = '2026-12-03';

/** The statement's sections in order; each has a title and paragraphs or items in the catalogue. */
const SECTIONS = ['conformance', 'testing', 'features', 'limitations'] as const;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * /pages/accessibility, public: the accessibility statement IS 5568 asks for. The level aimed at, how
 * the console is tested, what helps, what is known not to work yet, when it was last reviewed, and
 * whom to contact (the coordinator from config.json, placeholders until a stage names one).
 */
export function AccessibilityStatement() {
  const { t, i18n } = useTranslation();
  const contact = accessibilityContact();
  const reviewed = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${ACCESSIBILITY_REVIEWED}T00:00:00Z`),
  );
  return (
    <PublicFrame>
      <Paper sx={{ p: 4 }} data-testid="accessibility-statement">
        <Typography variant="h4" component="h1" gutterBottom>
          {t('public.accessibility.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('public.accessibility.intro')}</Typography>
        {SECTIONS.map((s) => (
          <section key={s} aria-labelledby={`a11y-${s}`}>
            <Typography variant="h6" component="h2" id={`a11y-${s}`} sx={{ mt: 3, mb: 1 }}>
              {t(`public.accessibility.${s}.title`)}
            </Typography>
            {strings(t(`public.accessibility.${s}.paragraphs`, { returnObjects: true })).map((p, i) => (
              <Typography key={i} sx={{ mb: 1 }}>
                {p}
              </Typography>
            ))}
            {s !== 'conformance' && (
              <Typography component="ul" sx={{ pl: 3, m: 0 }}>
                {strings(t(`public.accessibility.${s}.items`, { returnObjects: true })).map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </Typography>
            )}
          </section>
        ))}
        <section aria-labelledby="a11y-contact">
          <Typography variant="h6" component="h2" id="a11y-contact" sx={{ mt: 3, mb: 1 }}>
            {t('public.accessibility.contact.title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('public.accessibility.contact.text')}</Typography>
          <Typography component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
            <dt>{t('public.accessibility.contact.coordinator')}</dt>
            <dd data-testid="a11y-coordinator">{contact.name ?? t('public.accessibility.contact.namePlaceholder')}</dd>
            <dt>{t('public.accessibility.contact.email')}</dt>
            <dd>
              <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
            </dd>
            <dt>{t('public.accessibility.contact.phone')}</dt>
            <dd>
              <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                {contact.phone}
              </Link>
            </dd>
          </Typography>
        </section>
        <Typography sx={{ mt: 3 }} color="text.secondary" data-testid="a11y-reviewed">
          {t('public.accessibility.reviewed', { date: reviewed })}
        </Typography>
      </Paper>
    </PublicFrame>
  );
}
