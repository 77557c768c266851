import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamingRulePreview, NamingRulePreviewItem } from '@server/modules/connectors/replies/connectors';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { previewNamingRule, type AccountConnectorPayload } from '../api/connectors-api';

export interface NamingRulePreviewPanelProps {
  accountId: number;
  /** The link as the dialog holds it now (unsaved). */
  link: () => AccountConnectorPayload;
}

/** "Preview": which campaigns the dialog's rule would map, and to which lines, before the link is saved. */
export function NamingRulePreviewPanel({ accountId, link }: NamingRulePreviewPanelProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NamingRulePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await previewNamingRule(accountId, link()));
    } catch (err) {
      setResult(null);
      setError(err instanceof ApiError ? apiErrorText(err, t) : t('connectors.preview.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="naming-rule-preview">
      <Button size="small" variant="outlined" onClick={() => void run()} disabled={busy}>
        {t('connectors.preview.button')}
      </Button>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {result?.RuleError && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="preview-rule-error">
          {t('connectors.preview.ruleError', { reason: result.RuleError })}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="preview-count">
            {result.Total === 0
              ? t('connectors.preview.none')
              : t('connectors.preview.count', { shown: result.Items.length, total: result.Total })}
          </Typography>
          {result.Items.length > 0 && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('connectors.preview.campaign')}</TableCell>
                  <TableCell>{t('connectors.preview.line')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.Items.map((i) => (
                  <TableRow key={`${i.ExternalAccountId}|${i.ExternalCampaignId}`} data-testid="preview-row">
                    <TableCell>
                      <bdi>{i.Name}</bdi>
                    </TableCell>
                    <TableCell>{outcomeText(i, t)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </div>
  );
}

function outcomeText(i: NamingRulePreviewItem, t: ReturnType<typeof useTranslation>['t']): string {
  switch (i.Outcome) {
    case 'rule':
      return t('connectors.preview.mapped', { line: i.MappedLineName ?? '', id: i.MappedLineId });
    case 'explicit':
      return t('connectors.preview.explicit', { line: i.MappedLineName ?? '' });
    case 'noMatch':
      return t('connectors.preview.noMatch');
    case 'lineRemoved':
      return t('connectors.preview.lineRemoved', { id: i.RuleLineId, version: i.LineRemovedInVersion });
    case 'lineNotInAccount':
      return t('connectors.preview.lineNotInAccount', { id: i.RuleLineId });
  }
}
