import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { VersionStatus } from '@server/shared/version-status';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { VersionInfo } from '../api/media-plan-api';
import type { PlanAbilities } from '../model/abilities';
import { ImportPlanButton } from './import-plan';

/** What the buttons do (use-plan-actions.ts, use-review-actions.ts, the editor's dialogs). */
export interface PlanButtonActions {
  addLine: () => void;
  openTemplates: () => void;
  saveDraft: () => void;
  submit: () => void;
  approve: () => void;
  reject: () => void;
  createVersion: () => void;
  signOff: () => void;
  decline: () => void;
  doExport: () => void;
}

interface PlanActionBarProps {
  info: VersionInfo;
  scope: number;
  locale: string;
  staff: boolean;
  can: PlanAbilities;
  /** A call is running: every button waits. */
  busy: boolean;
  lineCount: number;
  actions: PlanButtonActions;
  onSelect: (versionId: number) => void;
}

/** The version's buttons, by permission and status; the links to its performance, import and export on the far side. */
export function PlanActionBar({
  info,
  scope,
  locale,
  staff,
  can,
  busy,
  lineCount,
  actions,
  onSelect,
}: PlanActionBarProps) {
  const { t } = useTranslation();
  const button = (shown: boolean, testId: string, label: string, onClick: () => void, style: ButtonProps = {}) =>
    shown && (
      <Button variant="outlined" {...style} onClick={onClick} disabled={busy} data-testid={testId}>
        {t(label)}
      </Button>
    );
  const contained: ButtonProps = { variant: 'contained', color: 'success' };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }} data-testid="plan-actions">
      {button(can.edit, 'add-line', 'mediaPlan.actions.addLine', actions.addLine, { startIcon: <Add /> })}
      {button(can.edit, 'apply-template', 'mediaPlan.actions.applyTemplate', actions.openTemplates)}
      {button(can.edit, 'save-draft', 'mediaPlan.actions.save', actions.saveDraft)}
      {can.submit && (
        <Button
          variant="contained"
          onClick={actions.submit}
          disabled={busy || lineCount === 0}
          data-testid="submit-plan"
        >
          {t('mediaPlan.actions.submit')}
        </Button>
      )}
      {button(can.approve, 'approve-plan', 'mediaPlan.actions.approve', actions.approve, contained)}
      {button(can.reject, 'reject-plan', 'mediaPlan.actions.reject', actions.reject, { color: 'error' })}
      {button(can.newVersion, 'new-version', 'mediaPlan.actions.newVersion', actions.createVersion)}
      {button(can.signOff, 'client-sign-off', 'mediaPlan.actions.signOff', actions.signOff, contained)}
      {button(can.decline, 'client-decline', 'mediaPlan.actions.decline', actions.decline, { color: 'warning' })}
      <Box sx={{ flexGrow: 1 }} />
      {/* Plan vs actual of this version (features/performance, by URL). */}
      {staff && (
        <Button
          variant="text"
          component={RouterLink}
          to={`/accounts/${scope}/activities/${info.ActivityId}/mediaMix/${info.ID}/stats`}
          data-testid="plan-performance"
        >
          {t('mediaPlan.actions.performance')}
        </Button>
      )}
      {/* The version's flowchart (features/flowchart, by URL). */}
      <Button
        variant="text"
        component={RouterLink}
        to={`/accounts/${scope}/activities/${info.ActivityId}/mediaMix/${info.ID}/flowchart`}
        data-testid="plan-flowchart"
      >
        {t('mediaPlan.actions.flowchart')}
      </Button>
      {/* The version's media orders per vendor (features/orders, by URL), once it is approved. */}
      {staff && info.Status === VersionStatus.Approved && (
        <Button
          variant="text"
          component={RouterLink}
          to={`/orders/list?account=${scope}&mix=${info.ID}`}
          data-testid="plan-orders"
        >
          {t('mediaPlan.actions.orders')}
        </Button>
      )}
      {can.newVersion && (
        <ImportPlanButton scope={scope} info={info} locale={locale} disabled={busy} onSelect={onSelect} />
      )}
      {can.export && (
        <Button variant="text" onClick={actions.doExport} disabled={busy} data-testid="export-plan">
          {t('mediaPlan.actions.export')}
        </Button>
      )}
    </Stack>
  );
}
