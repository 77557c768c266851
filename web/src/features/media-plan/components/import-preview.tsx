import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../lib/format';
import type { PlanImportPreview } from '../api/plan-import-api';
import { fieldLabel, valueText } from '../model/plan-import';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Box component="section" data-testid={id} sx={{ mt: 2 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 3 }}>
      {children}
    </Box>
  </Box>
);

/** What the import would change: the lines added, changed (each field before → after) and removed, and how many stay. */
export function ImportPreviewView({
  preview,
  changes,
  currency,
  locale,
}: {
  preview: PlanImportPreview;
  changes: number;
  currency: number;
  locale: string;
}) {
  const { t } = useTranslation();
  const valueOf = (field: string, v: string | number | null) => valueText(field, v, { currency, locale, t });
  const arrow = t('mediaPlan.import.arrow');
  return (
    <Box data-testid="import-preview" data-token={preview.Token}>
      <Typography variant="body2">
        {t('mediaPlan.import.summary', { from: preview.BaseVersionNumber, to: preview.NewVersionNumber })}
      </Typography>
      {changes === 0 && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="import-no-changes">
          {t('mediaPlan.import.noChanges', { from: preview.BaseVersionNumber })}
        </Alert>
      )}
      {preview.Added.length > 0 && (
        <Section id="import-added" title={t('mediaPlan.import.added', { n: preview.Added.length })}>
          {preview.Added.map((a) => (
            <li key={`a${a.Row}`} data-testid="import-added-line" data-row={a.Row}>
              <bdi>{a.Name}</bdi>
              {' · '}
              <bdi>{formatCurrency(a.Budget, currency, locale)}</bdi>
            </li>
          ))}
        </Section>
      )}
      {preview.Changed.length > 0 && (
        <Section id="import-changed" title={t('mediaPlan.import.changed', { n: preview.Changed.length })}>
          {preview.Changed.map((c) => (
            <li key={`c${c.LineId}`} data-testid="import-changed-line" data-line-id={c.LineId}>
              <bdi>{c.Name}</bdi>
              <Box component="ul" sx={{ m: 0, ps: 2 }}>
                {c.Changes.map((ch) => (
                  <li key={ch.Field} data-testid="import-change" data-field={ch.Field}>
                    {`${fieldLabel(ch.Field, t)}: `}
                    <bdi>{valueOf(ch.Field, ch.Before)}</bdi>
                    {` ${arrow} `}
                    <bdi>{valueOf(ch.Field, ch.After)}</bdi>
                  </li>
                ))}
              </Box>
            </li>
          ))}
        </Section>
      )}
      {preview.Removed.length > 0 && (
        <Section id="import-removed" title={t('mediaPlan.import.removed', { n: preview.Removed.length })}>
          {preview.Removed.map((r) => (
            <li key={`r${r.LineId}`} data-testid="import-removed-line" data-line-id={r.LineId}>
              <bdi>{r.Name}</bdi>
            </li>
          ))}
        </Section>
      )}
      <Typography variant="body2" sx={{ mt: 2 }} data-testid="import-unchanged" data-count={preview.Unchanged}>
        {t('mediaPlan.import.unchanged', { n: preview.Unchanged })}
      </Typography>
    </Box>
  );
}
