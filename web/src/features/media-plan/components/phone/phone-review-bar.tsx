import Button, { type ButtonProps } from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { VersionInfo } from '../../api/media-plan-api';
import type { PlanAbilities } from '../../model/abilities';
import { PlanEditorDialogs, usePlanDialogs } from '../plan-editor-dialogs';
import { useBusyAction } from '../use-plan-actions';
import { usePlanError } from '../use-plan-error';
import { useReviewActions } from '../use-review-actions';

const nothingToSave = () => Promise.resolve();

interface PhoneReviewBarProps {
  info: VersionInfo;
  scope: number;
  locale: string;
  can: PlanAbilities;
  /** Reads the version, the versions list and the approvals lists again after an answer. */
  reloadAll: () => void;
}

interface ReviewButton {
  shown: boolean;
  testId: string;
  label: string;
  onClick: () => void;
  style: ButtonProps;
}

/** The answers, in the bar's order: what the user may give this version is shown. */
function reviewButtons(
  can: PlanAbilities,
  review: ReturnType<typeof useReviewActions>,
  openDialog: (kind: 'reject' | 'decline') => void,
): ReviewButton[] {
  return [
    {
      shown: can.submit,
      testId: 'submit-plan',
      label: 'mediaPlan.actions.submit',
      onClick: review.submit,
      style: { variant: 'contained' },
    },
    {
      shown: can.approve,
      testId: 'approve-plan',
      label: 'mediaPlan.actions.approve',
      onClick: review.approve,
      style: { variant: 'contained', color: 'success' },
    },
    {
      shown: can.reject,
      testId: 'reject-plan',
      label: 'mediaPlan.actions.reject',
      onClick: () => openDialog('reject'),
      style: { variant: 'outlined', color: 'error' },
    },
    {
      shown: can.signOff,
      testId: 'client-sign-off',
      label: 'mediaPlan.actions.signOff',
      onClick: review.signOff,
      style: { variant: 'contained', color: 'success' },
    },
    {
      shown: can.decline,
      testId: 'client-decline',
      label: 'mediaPlan.actions.decline',
      onClick: () => openDialog('decline'),
      style: { variant: 'outlined', color: 'warning' },
    },
  ];
}

/**
 * The answers a phone may give a version, at the foot of the screen while the plan scrolls: the
 * approver's Approve and Reject (with a reason), the client's Sign off and Decline (with a comment),
 * a planner's Submit. The editor's own actions and dialogs (use-review-actions.ts,
 * plan-editor-dialogs.tsx): the same calls, the same confirmations and required texts, the same
 * errors in the user's language. Nothing is typed here, so there is nothing to save first.
 */
export function PhoneReviewBar({ info, scope, locale, can, reloadAll }: PhoneReviewBarProps) {
  const { t } = useTranslation();
  const showError = usePlanError();
  const { busy, act } = useBusyAction(showError, reloadAll);
  const versionNumber = () => info.version;
  const review = useReviewActions({ scope, info, locale, act, flushAll: nothingToSave, versionNumber, reloadAll });
  const { dialog, openDialog, closeDialog, dialogAction } = usePlanDialogs(scope, showError, reloadAll);

  const buttons = reviewButtons(can, review, openDialog);
  const shown = buttons.filter((b) => b.shown && (b.testId !== 'submit-plan' || info.Lines.length > 0));
  if (shown.length === 0) return null;
  return (
    <>
      <Paper
        square
        elevation={3}
        role="group"
        aria-label={t('common.actions')}
        data-testid="plan-actions"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar - 1,
          mx: -1.5,
          px: 1.5,
          py: 1,
          display: 'flex',
          gap: 1,
          pb: 'max(8px, env(safe-area-inset-bottom))',
        }}
      >
        {shown.map((b) => (
          <Button
            key={b.testId}
            {...b.style}
            size="large"
            onClick={b.onClick}
            disabled={!!busy}
            data-testid={b.testId}
            sx={{ flex: 1, minHeight: 48 }}
          >
            {t(b.label)}
          </Button>
        ))}
      </Paper>
      <PlanEditorDialogs
        info={info}
        scope={scope}
        locale={locale}
        editable={false}
        dialog={dialog}
        closeDialog={closeDialog}
        dialogAction={dialogAction}
        flushAll={nothingToSave}
        suggestedBudget={undefined}
        splitLine={undefined}
        saveSplit={nothingToSave}
        closeSplit={closeDialog}
      />
    </>
  );
}
