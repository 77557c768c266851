import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { BillableStatementView } from '../api/billing-api';
import { useReasonText } from './reason-text';

/** Who marked the month final and when, else why it cannot be final yet. */
export function StatementStatus({ s }: { s: BillableStatementView }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const reasonText = useReasonText();
  return (
    <>
      {s.Final ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="billing-final">
          {t('billing.final', {
            by: s.FinalizedByName ?? s.FinalizedBy ?? '',
            at: s.FinalizedAt ? formatDate(s.FinalizedAt, locale, true) : '',
          })}
        </Alert>
      ) : (
        s.NotFinalReasons.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="billing-not-final">
            <Typography variant="subtitle2">{t('billing.notFinalTitle')}</Typography>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {s.NotFinalReasons.map((r, i) => (
                <li key={i} data-testid="billing-reason" data-code={r.Code}>
                  {reasonText(r)}
                </li>
              ))}
            </ul>
          </Alert>
        )
      )}
    </>
  );
}
