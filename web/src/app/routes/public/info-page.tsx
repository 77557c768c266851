import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from './public-frame';

/** Terms, privacy, contact, FAQs, legitimate interest: a title and paragraphs from the catalogue (`public.<page>.paragraphs`). */
export function InfoPage({ page }: { page: 'terms' | 'privacy' | 'contact' | 'faqs' | 'legitimateInterest' }) {
  const { t } = useTranslation();
  const paragraphs = t(`public.${page}.paragraphs`, { returnObjects: true }) as unknown;
  return (
    <PublicFrame>
      <Paper sx={{ p: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t(`public.${page}.title`)}
        </Typography>
        {(Array.isArray(paragraphs) ? paragraphs : []).map((p, i) => (
          <Typography key={i} sx={{ mb: 2 }}>
            {String(p)}
          </Typography>
        ))}
      </Paper>
    </PublicFrame>
  );
}

export const Terms = () => <InfoPage page="terms" />;
export const Privacy = () => <InfoPage page="privacy" />;
export const Contact = () => <InfoPage page="contact" />;
export const Faqs = () => <InfoPage page="faqs" />;
export const LegitimateInterest = () => <InfoPage page="legitimateInterest" />;
