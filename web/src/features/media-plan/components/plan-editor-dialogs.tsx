import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTemplate, clientDecline, rejectVersion, type VersionInfo } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';
import type { PlanLine } from '../model/line-form';
import type { MonthlySplit } from '../model/monthly-split';
import { useSnackbar } from '../../../components/ui/snackbar';
import type { usePlanError } from './use-plan-error';

const TemplateDialog = lazy(() => import('./plan-dialogs').then((m) => ({ default: m.TemplateDialog })));
const TextDialog = lazy(() => import('./plan-dialogs').then((m) => ({ default: m.TextDialog })));
const SplitDialog = lazy(() => import('./split-dialog').then((m) => ({ default: m.SplitDialog })));

type PlanDialog = null | 'template' | 'reject' | 'decline';

/** Which of the editor's dialogs is open, and how their actions end. */
export function usePlanDialogs(scope: number, showError: ReturnType<typeof usePlanError>, reloadAll: () => void) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<PlanDialog>(null);
  const openDialog = (which: Exclude<PlanDialog, null>) => {
    // The company's templates are asked for with the dialog's own code, not after it.
    if (which === 'template') void qc.prefetchQuery(planQueries.templates(scope));
    setDialog(which);
  };
  /** Dialog actions reject to keep the dialog open after an error. */
  const dialogAction = (task: () => Promise<void>) => async () => {
    try {
      await task();
      setDialog(null);
      reloadAll();
    } catch (err) {
      showError(err, { reload: reloadAll });
      throw err;
    }
  };
  return { dialog, openDialog, closeDialog: () => setDialog(null), dialogAction };
}

interface PlanEditorDialogsProps {
  info: VersionInfo;
  scope: number;
  locale: string;
  editable: boolean;
  dialog: PlanDialog;
  closeDialog: () => void;
  /** A dialog's action: closes it and reads the version again; rejects to keep it open after an error. */
  dialogAction: (task: () => Promise<void>) => () => Promise<void>;
  flushAll: () => Promise<void>;
  suggestedBudget: number | undefined;
  /** The line whose monthly split is open, with its save and close. */
  splitLine: PlanLine | undefined;
  saveSplit: (line: PlanLine, split: MonthlySplit | null) => Promise<void>;
  closeSplit: () => void;
}

/** The editor's dialogs, each loaded when first opened: the monthly split, a template, reject, decline. */
export function PlanEditorDialogs(p: PlanEditorDialogsProps) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { info, scope, dialog, splitLine } = p;
  return (
    <Suspense fallback={null}>
      {splitLine && (
        <SplitDialog
          key={splitLine.ID}
          line={splitLine}
          currency={info.Currency}
          locale={p.locale}
          readOnly={!p.editable}
          onSave={(split) => p.saveSplit(splitLine, split)}
          onClose={p.closeSplit}
        />
      )}
      {dialog === 'template' && (
        <TemplateDialog
          scope={scope}
          currency={info.Currency}
          suggested={p.suggestedBudget}
          onClose={p.closeDialog}
          onApply={async (templateId, totalBudget) => {
            await p.dialogAction(async () => {
              await p.flushAll();
              const res = await applyTemplate(scope, templateId, info.ID, totalBudget);
              show({ message: t('mediaPlan.template.applied', { n: res.Lines.length }) });
            })();
          }}
        />
      )}
      {dialog === 'reject' && (
        <TextDialog
          title={t('mediaPlan.reject.title', { n: info.Version })}
          label={t('mediaPlan.reject.reason')}
          confirmLabel={t('mediaPlan.actions.reject')}
          destructive
          onClose={p.closeDialog}
          onSubmit={async (reason) => {
            await p.dialogAction(async () => {
              await rejectVersion(scope, info.ID, info.version, reason);
              show({ message: t('mediaPlan.rejected') });
            })();
          }}
        />
      )}
      {dialog === 'decline' && (
        <TextDialog
          title={t('mediaPlan.decline.title', { n: info.Version })}
          label={t('mediaPlan.decline.comment')}
          confirmLabel={t('mediaPlan.actions.decline')}
          onClose={p.closeDialog}
          onSubmit={async (comment) => {
            await p.dialogAction(async () => {
              await clientDecline(scope, info.ID, comment);
              show({ message: t('mediaPlan.declined') });
            })();
          }}
        />
      )}
    </Suspense>
  );
}
