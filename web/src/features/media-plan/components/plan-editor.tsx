import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryTarget } from '../../../components/history/history-button';
import { useSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import type { AccountChannelType, ActivityView, VersionListItem } from '../api/media-plan-api';
import { planAbilities } from '../model/abilities';
import { DraftStore } from '../model/draft-store';
import type { PlanLine } from '../model/line-form';
import type { PlanColumn } from '../model/plan-figures';
import { UnsavedLines } from '../model/unsaved-lines';
import { PlanActionBar } from './plan-action-bar';
import { PlanEditorDialogs, usePlanDialogs } from './plan-editor-dialogs';
import { PlanGrid } from './plan-grid';
import { PlanHeader, PlanNotices } from './plan-header';
import { PlanTotalsPanel } from './plan-totals';
import { useLeaveGuard } from './use-leave-guard';
import { useLineWrites } from './use-line-writes';
import { useBusyAction, useDraftActions } from './use-plan-actions';
import { usePlanError } from './use-plan-error';
import { usePlanName, usePlanVersion } from './use-plan-version';
import { useReviewActions } from './use-review-actions';
import { useRowContext } from './use-row-context';
import { useWriteQueue } from './use-write-queue';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useKeptFrame } from '../../../lib/first-frame/use-kept-frame';
import { planFrame } from '../first-frame';

const NO_LINES: readonly PlanLine[] = [];

export interface PlanEditorProps {
  /** The account of the page (x-account-id). */
  scope: number;
  versionId: number;
  /** The activity's versions (newest first); empty while loading. */
  versions: readonly VersionListItem[];
  activity: ActivityView | undefined;
  channelTypes: readonly AccountChannelType[];
  /** The account's channel types, set up first when it has none (InitAccountChannelTypes). */
  ensureChannelTypes: () => Promise<readonly AccountChannelType[]>;
  columns: readonly PlanColumn[];
  locale: string;
  /** Another version was created: show it. */
  onSelect: (versionId: number) => void;
}

/**
 * The plan editor of one version: header (name, status, approval and client answer), actions by
 * permission and status, the lines grid (editable for staff while Draft), the totals footer.
 * The version is the cached GetMediaMixInfo (api/plan-queries.ts): every line write updates it
 * (and the versions list) from the server's reply, so the grid, the footer and the list show one
 * state. Lines save one by one (SaveMediaChannel, queued); a line write may move the version's own
 * `version` on by one on the server (MediaMixChanged), and the cached version counts it, so Submit
 * sends the version the server has.
 */
export function PlanEditor(p: PlanEditorProps) {
  const { scope, versionId: versionId, locale } = p;
  const { t } = useTranslation();
  const showError = usePlanError();
  const { loaded, info, round, reloadInfo, reloadAll, versionNumber } = usePlanVersion(scope, versionId);
  const lines: readonly PlanLine[] = info?.Lines ?? NO_LINES;
  const [name, setName] = usePlanName(info, round);
  const drafts = useMemo(() => new DraftStore(), []);
  const unsaved = useMemo(() => new UnsavedLines(), []);
  const focusLine = useFocusNewLine(lines);
  /** The line whose monthly split dialog is open. */
  const [splitLineId, setSplitLineId] = useState<number | null>(null);
  const closeSplit = useCallback(() => setSplitLineId(null), []);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);

  const { enqueue, register, flushAll, saveRow, removeRow, saveSplit } = usePlanWrites(
    { scope, versionId, showError, reloadAll, splitSaved: closeSplit },
    unsaved,
  );

  const profile = useSession()?.profile;
  const can = planAbilities(profile, info ?? null, p.versions);
  const editable = !!info && can.edit;
  const staff = isStaff(profile);
  const ctx = useRowContext({
    ...p,
    info,
    editable,
    staff,
    drafts,
    unsaved,
    writes: { save: saveRow, remove: removeRow, register, openSplit: setSplitLineId },
    showHistory: setHistoryOf,
  });

  // The page as it opens, once the rows' choices are in, is the frame of the next visit (first-frame.ts).
  const asOpened = editable && lines.length > 0 && p.channelTypes.length > 0;
  useKeptFrame(planFrame, asOpened ? { locale, pageSize: 0 } : null);

  const state = { info, name, enqueue, focusLine, flushAll, versionNumber, showError, reloadAll };
  const { busy, actions, dialog, closeDialog, dialogAction } = usePlanEditorActions(p, state);

  if (loaded.error != null && !info) return <PlanLoadError error={loaded.error} reload={reloadInfo} />;
  if (!info) return <ProgressBar label={t('common.loading')} />;

  const header = { info, scope, locale, staff, editable };
  return (
    <Box data-testid="plan-editor" data-mix-id={info.ID} data-status={info.Status}>
      <PlanHeader
        {...header}
        name={name}
        setName={setName}
        historyOf={historyOf}
        closeHistory={() => setHistoryOf(null)}
      />
      <PlanNotices info={info} locale={locale} />
      <PlanActionBar
        {...header}
        can={can}
        busy={!!busy}
        lineCount={lines.length}
        actions={actions}
        onSelect={p.onSelect}
      />
      <Box sx={{ height: 4 }}>{(busy || loaded.isFetching) && <ProgressBar label={t('common.loading')} />}</Box>

      <PlanGrid info={info} lines={lines} ctx={ctx} drafts={drafts} round={round} />
      <PlanTotalsPanel info={info} lines={lines} drafts={drafts} locale={locale} activityBudget={p.activity?.Budget} />

      <PlanEditorDialogs
        {...header}
        dialog={dialog}
        closeDialog={closeDialog}
        dialogAction={dialogAction}
        flushAll={flushAll}
        suggestedBudget={p.activity?.Budget}
        splitLine={splitLineId === null ? undefined : lines.find((l) => l.ID === splitLineId)}
        saveSplit={saveSplit}
        closeSplit={closeSplit}
      />
    </Box>
  );
}

type EditorState = Pick<
  Parameters<typeof useDraftActions>[0],
  'info' | 'name' | 'enqueue' | 'focusLine' | 'flushAll' | 'versionNumber'
> & { showError: ReturnType<typeof usePlanError>; reloadAll: () => void };

/** The action bar's actions (the draft's, the review's, and the dialogs they open), run one at a time. */
function usePlanEditorActions(p: PlanEditorProps, s: EditorState) {
  const { scope, locale } = p;
  const { info, name, enqueue, focusLine, flushAll, versionNumber, showError, reloadAll } = s;
  const { busy, act } = useBusyAction(showError, reloadAll);
  const common = { scope, info, locale, act, flushAll, versionNumber };
  const draftActions = useDraftActions({ ...common, ...p, name, enqueue, focusLine });
  const reviewActions = useReviewActions({ ...common, reloadAll });
  const { dialog, closeDialog, openDialog, dialogAction } = usePlanDialogs(scope, showError, reloadAll);
  const actions = {
    ...draftActions,
    ...reviewActions,
    openTemplates: () => openDialog('template'),
    reject: () => openDialog('reject'),
    decline: () => openDialog('decline'),
  };
  return { busy, actions, dialog, closeDialog, dialogAction };
}

/** A new line's name field gets the focus once it is shown: call the answer with the line's id. */
function useFocusNewLine(lines: readonly PlanLine[]) {
  const [focusLine, setFocusLine] = useState<number | null>(null);
  useEffect(() => {
    if (focusLine === null) return;
    document.querySelector<HTMLInputElement>(`[data-line-id="${focusLine}"] input[name="Name"]`)?.focus();
    setFocusLine(null);
  }, [focusLine, lines]);
  return setFocusLine;
}

/** The version could not be read: why, and a Reload. */
function PlanLoadError({ error, reload }: { error: unknown; reload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={reload}>
          {t('common.reload')}
        </Button>
      }
    >
      {(error as Error).message || t('errors.loadFailed')}
    </Alert>
  );
}

/** The line writes through one queue, and the question before leaving the page with lines the server does not have yet. */
function usePlanWrites(of: Omit<Parameters<typeof useLineWrites>[0], 'enqueue'>, unsaved: UnsavedLines) {
  const queue = useWriteQueue();
  const writes = useLineWrites({ ...of, enqueue: queue.enqueue });
  const unsavedCount = useSyncExternalStore(unsaved.subscribe, unsaved.count, unsaved.count);
  useLeaveGuard(unsavedCount, unsaved.count, queue.flushAll);
  return { ...queue, ...writes };
}
