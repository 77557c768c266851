import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HistoryButton, HistoryPanel, type HistoryTarget } from '../../../components/history/history-button';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { VersionInfo } from '../api/media-plan-api';
import { VersionStatus } from '../model/abilities';
import { ClientFlag, StatusChip } from './versions-table';

interface PlanHeaderProps {
  info: VersionInfo;
  scope: number;
  locale: string;
  staff: boolean;
  editable: boolean;
  name: string;
  setName: (name: string) => void;
  /** The line whose History is open (one drawer for the rows). */
  historyOf: HistoryTarget | null;
  closeHistory: () => void;
}

/** The version's title: its number and History, its name (a field while editable), status and client answer. */
export function PlanHeader({ info, scope, locale, staff, editable, name, setName, ...history }: PlanHeaderProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}
      data-frame-blank=""
    >
      <Typography variant="h6" component="h2">
        {t('mediaPlan.versions.versionN', { n: info.Version })}
      </Typography>
      {staff && (
        <HistoryButton
          variant="button"
          entity="mediaMix"
          id={info.ID}
          accountId={scope}
          fields="mediaPlan.fields"
          label={t('mediaPlan.versions.versionN', { n: info.Version })}
        />
      )}
      <HistoryPanel target={history.historyOf} onClose={history.closeHistory} />
      {editable ? (
        <TextField
          size="small"
          name="mixName"
          label={t('mediaPlan.versions.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 260 }}
        />
      ) : (
        <Typography variant="h6" component="span" data-testid="mix-name">
          {info.Name}
        </Typography>
      )}
      <StatusChip status={info.Status} />
      <ClientFlag
        v={{ ...info, ClientApprovedBy: info.ClientApprovedByName, ClientDeclinedBy: info.ClientDeclinedByName }}
        locale={locale}
      />
      {!editable && (
        <Typography variant="body2" color="text.secondary" data-testid="read-only">
          {t('mediaPlan.readOnly')}
        </Typography>
      )}
    </Stack>
  );
}

/** Who submitted, confirmed over budget, approved, rejected or declined the version, and why. */
export function PlanNotices({ info, locale }: { info: VersionInfo; locale: string }) {
  const { t } = useTranslation();
  const status = info.Status;
  return (
    <>
      {status === VersionStatus.Submitted && info.SubmittedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="submitted-by">
          {t('mediaPlan.versions.submittedBy', {
            by: info.SubmittedByName ?? info.SubmittedBy,
            at: formatDate(info.SubmittedAt, locale, true),
          })}
        </Typography>
      )}
      {info.OverBudgetConfirmed && status !== VersionStatus.Draft && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="over-budget-confirmed">
          {t('mediaPlan.overBudgetConfirmed', {
            amount: formatCurrency(info.OverBudgetConfirmed.OverBy, info.Currency, locale),
            by: info.OverBudgetConfirmedByName ?? info.OverBudgetConfirmed.By,
          })}
        </Alert>
      )}
      {status === VersionStatus.Approved && info.ApprovedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('mediaPlan.versions.approvedBy', {
            by: info.ApprovedByName ?? info.ApprovedBy,
            at: formatDate(info.ApprovedAt, locale, true),
          })}
        </Typography>
      )}
      {status === VersionStatus.Rejected && info.RejectReason && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="reject-reason">
          {t('mediaPlan.rejectedWith', { reason: info.RejectReason, by: info.RejectedByName ?? info.RejectedBy })}
        </Alert>
      )}
      {info.ClientDeclinedAt && !info.ClientApprovedAt && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="decline-comment">
          {t('mediaPlan.declinedWith', {
            comment: info.ClientDeclinedComment,
            by: info.ClientDeclinedByName ?? info.ClientDeclinedBy,
          })}
        </Alert>
      )}
    </>
  );
}
