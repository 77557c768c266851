import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSession } from '../../../lib/auth';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { formatCurrency, formatDate } from '../../../lib/format';
import { serverFieldIssue } from '../../../lib/forms/server-error';
import {
  applyTemplate,
  approveMix,
  clientDecline,
  clientSignOff,
  deleteLine,
  exportMix,
  newVersion,
  rejectMix,
  renameMix,
  saveLine,
  submitMix,
  type AccountChannelType,
  type ActivityView,
  type MediaMixListItem,
} from '../api/media-plan-api';
import { planQueries, planWritten, withLine } from '../api/plan-queries';
import { MediaMixStatus, planAbilities } from '../model/abilities';
import { DraftStore } from '../model/draft-store';
import { applyChannelDefaults, type ChannelChange } from '../model/channel-defaults';
import {
  dropsSplit,
  LINE_FIELDS,
  lineRoute,
  splitPayload,
  toPayload,
  type LineField,
  type LineForm,
  type PlanLine,
} from '../model/line-form';
import type { MonthlySplit } from '../model/monthly-split';
import { creativeFeesOf, type PlanColumn } from '../model/plan-figures';
import { UnsavedLines } from '../model/unsaved-lines';
import type { RowContext, SaveOutcome } from './line-row';
import { ImportPlanButton } from './import-plan';
import { PlanGrid } from './plan-grid';
import { PlanTotalsPanel } from './plan-totals';
import { useLeaveGuard } from './use-leave-guard';
import { saveFailureText, usePlanError } from './use-plan-error';
import { ClientFlag, StatusChip } from './versions-table';
import { todayIn } from '@server/shared/company-day';
import { HistoryButton, HistoryPanel, type HistoryTarget } from '../../../components/history/history-button';
import { isStaff } from '../../../lib/authorization';

const NO_LINES: readonly PlanLine[] = [];

const TemplateDialog = lazy(() => import('./plan-dialogs').then((m) => ({ default: m.TemplateDialog })));
const TextDialog = lazy(() => import('./plan-dialogs').then((m) => ({ default: m.TextDialog })));
const SplitDialog = lazy(() => import('./split-dialog').then((m) => ({ default: m.SplitDialog })));

export interface PlanEditorProps {
  /** The account of the page (x-account-id). */
  scope: number;
  mixId: number;
  /** The activity's versions (newest first); empty while loading. */
  versions: readonly MediaMixListItem[];
  activity: ActivityView | undefined;
  channelTypes: readonly AccountChannelType[];
  /** The account's channel types, set up first when it has none (InitAccountChannelTypes). */
  ensureChannelTypes: () => Promise<readonly AccountChannelType[]>;
  columns: readonly PlanColumn[];
  locale: string;
  /** Another version was created: show it. */
  onSelect: (mixId: number) => void;
}

type Dialog = null | 'template' | 'reject' | 'decline';

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
  const { scope, mixId, locale } = p;
  const { t } = useTranslation();
  const session = useSession();
  const { show } = useSnackbar();
  const showError = usePlanError();
  const confirm = useConfirm();
  const run = useConfirmedAction(showError);

  const qc = useQueryClient();
  const infoQuery = useMemo(() => planQueries.info(scope, mixId), [scope, mixId]);
  const loaded = useQuery(infoQuery);
  const info = loaded.data;
  const lines: readonly PlanLine[] = info?.Lines ?? NO_LINES;
  /** Bumped when the version is read again on request (Reload, after a status change): rows remount with the server's values. */
  const [round, setRound] = useState(0);
  const [name, setName] = useState('');
  const [nameRound, setNameRound] = useState(-1);
  if (info && nameRound !== round) {
    setNameRound(round);
    setName(info.Name);
  }
  /** The version's `version` as the server has it after this editor's writes (the cache counts them). */
  const mixVersion = () => qc.getQueryData(infoQuery.queryKey)?.version ?? 0;

  const drafts = useMemo(() => new DraftStore(), []);
  const unsaved = useMemo(() => new UnsavedLines(), []);
  const flushers = useRef(new Map<number, () => Promise<void>>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  /** The line whose monthly split dialog is open. */
  const [splitLineId, setSplitLineId] = useState<number | null>(null);

  const infoKey = infoQuery.queryKey;
  const reloadInfo = useCallback(() => {
    void qc.refetchQueries({ queryKey: infoKey, exact: true }).finally(() => setRound((r) => r + 1));
  }, [qc, infoKey]);
  const activityId = info?.ActivityId;
  const reloadAll = useCallback(() => {
    reloadInfo();
    if (activityId !== undefined)
      void qc.invalidateQueries({ queryKey: planQueries.list(scope, activityId).queryKey, exact: true });
    // Where versions wait (the approvals inbox, its badge, My plans) follows a submit, approval or rejection.
    void qc.invalidateQueries({ queryKey: ['ApprovalsService'] });
  }, [reloadInfo, qc, scope, activityId]);

  /** Line writes go one at a time: the mix's version is tracked across them (see saveRow). */
  const enqueue = useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  /** One SaveMediaChannel of a line; the cached version (and the list) take the reply, the mix's version moves on when the server says so. */
  const writeLine = useCallback(
    async (line: PlanLine, payload: ReturnType<typeof toPayload>): Promise<PlanLine> => {
      const { MediaMixChanged, ...saved } = await saveLine(scope, payload);
      let next: PlanLine = { ...line, ...saved };
      planWritten(qc, scope, mixId, (i) => {
        const cached = i.Lines.find((l) => l.ID === saved.ID);
        const merged = { Amounts: null, ...cached, ...saved };
        next = merged;
        // A grid edit is one write that leaves the mix's version; a change of dates or type moves it on.
        return { ...withLine(merged)(i), version: i.version + (MediaMixChanged ? 1 : 0) };
      });
      return next;
    },
    [scope, qc, mixId],
  );

  const saveRow = useCallback(
    (line: PlanLine, form: LineForm) =>
      enqueue(async (): Promise<SaveOutcome> => {
        try {
          const next = await writeLine(line, toPayload(line, form));
          // New budget or dates: the line's monthly split no longer adds up and was sent as null (pro rata by days).
          if (dropsSplit(line, form))
            show({ severity: 'info', message: t('mediaPlan.split.reset', { name: next.Name }) });
          return { line: next };
        } catch (err) {
          showError(err, { fallback: t('snackbar.saveFailed'), reload: reloadAll });
          // A field the API refused (FIELD_*, LINE_OUTSIDE_ACTIVITY… on mediaChannel.<field>) is marked on its cell.
          const hit = serverFieldIssue(err, lineRoute(line), (f) => (LINE_FIELDS as readonly string[]).includes(f));
          return {
            failed: saveFailureText(err, t),
            ...(hit ? { field: hit.field as LineField, issue: hit.issue } : {}),
          };
        }
      }),
    [enqueue, writeLine, show, showError, t, reloadAll],
  );

  /** The split dialog's save (null: back to pro rata), queued behind the row saves; rejects to keep the dialog open. */
  const saveSplit = useCallback(
    async (line: PlanLine, split: MonthlySplit | null) => {
      try {
        await enqueue(() => writeLine(line, splitPayload(line, split)));
      } catch (err) {
        showError(err, { fallback: t('snackbar.saveFailed'), reload: reloadAll });
        throw err;
      }
      show({ message: t(split ? 'mediaPlan.split.saved' : 'mediaPlan.split.cleared') });
      setSplitLineId(null);
    },
    [enqueue, writeLine, showError, show, t, reloadAll],
  );

  const removeRow = useCallback(
    (line: PlanLine) =>
      run({
        confirm: {
          title: t('mediaPlan.confirmDelete.title'),
          message: t('mediaPlan.confirmDelete.message', { name: line.Name }),
          confirmLabel: t('mediaPlan.actions.delete'),
          destructive: true,
        },
        action: () =>
          enqueue(async () => {
            await deleteLine(scope, line.ID);
            // A delete always moves the mix's version on; the list takes the new totals.
            planWritten(qc, scope, mixId, (i) => ({
              ...i,
              Lines: i.Lines.filter((l) => l.ID !== line.ID),
              version: i.version + 1,
            }));
          }),
        success: t('snackbar.deleted'),
        failure: t('snackbar.deleteFailed'),
        reload: reloadAll,
        done: () => undefined, // the cache has the plan without the line already: nothing to read again
      }),
    [run, t, enqueue, scope, qc, mixId, reloadAll],
  );

  const register = useCallback((id: number, flush: (() => Promise<void>) | null) => {
    if (flush) flushers.current.set(id, flush);
    else flushers.current.delete(id);
  }, []);

  /** Saves every row that holds an edit, then waits for the queue. */
  const flushAll = useCallback(async () => {
    await Promise.all([...flushers.current.values()].map((f) => f()));
    await queue.current;
  }, []);

  // Leaving the page (or the tab) with lines the server does not have yet asks first.
  const unsavedCount = useSyncExternalStore(unsaved.subscribe, unsaved.count, unsaved.count);
  useLeaveGuard(unsavedCount, unsaved.count, flushAll);

  const { channelTypes } = p;
  const onChannelChange = useCallback(
    (form: LineForm, id: number): ChannelChange => {
      const type = channelTypes.find((c) => c.ID === id);
      if (!type) return { form, changed: [] };
      return applyChannelDefaults(
        form,
        channelTypes.find((c) => String(c.ID) === form.AccountChannelTypeId),
        type,
      );
    },
    [channelTypes],
  );

  const profile = session?.profile;
  const can = planAbilities(profile, info ?? null, p.versions);
  const editable = !!info && can.edit;
  const pricing = info?.Pricing;
  const fees = useMemo(() => (pricing ? creativeFeesOf(pricing) : { imageSubmitFee: 0, videoSubmitFee: 0 }), [pricing]);
  const active = useMemo(() => channelTypes.filter((c) => c.Active), [channelTypes]);
  const labels = useMemo(() => {
    const out = {
      delete: t('mediaPlan.actions.deleteLine', { n: '#' }),
      split: t('mediaPlan.split.open', { n: '#' }),
      splitSet: t('mediaPlan.split.openSet', { n: '#' }),
      splitBlocked: t('mediaPlan.split.fixFirst'),
    } as RowContext['labels'];
    for (const f of LINE_FIELDS) out[f] = t('mediaPlan.cellLabel', { field: t(`mediaPlan.fields.${f}`), n: '#' });
    return out;
  }, [t]);
  const activity = p.activity;
  const dateRange = useMemo(() => (activity ? { min: activity.StartDate, max: activity.EndDate } : null), [activity]);
  const staff = isStaff(profile);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);
  const lineHistory = useMemo(
    () =>
      staff
        ? {
            open: (line: PlanLine) =>
              setHistoryOf({
                entity: 'mediaChannel',
                id: line.ID,
                accountId: scope,
                fields: 'mediaPlan.fields',
                label: line.Name,
              }),
            label: `${t('history.open')} #`,
          }
        : undefined,
    [staff, scope, t],
  );
  const ctx: RowContext = useMemo(
    () => ({
      editable,
      fees,
      labels,
      dateRange,
      currency: info?.Currency ?? 2,
      locale,
      columns: p.columns,
      drafts,
      t,
      save: saveRow,
      remove: removeRow,
      register,
      onChannelChange,
      openSplit: setSplitLineId,
      channelIds: new Set(active.map((c) => c.ID)),
      unsaved,
      history: lineHistory,
      channelOptions: active.map((c) => (
        <option key={c.ID} value={String(c.ID)}>
          {c.Name}
        </option>
      )),
    }),
    [
      editable,
      fees,
      labels,
      dateRange,
      info?.Currency,
      locale,
      p.columns,
      drafts,
      t,
      saveRow,
      removeRow,
      register,
      onChannelChange,
      active,
      unsaved,
      lineHistory,
    ],
  );

  // A new line's name field gets the focus once it is shown.
  useEffect(() => {
    if (focusLine === null) return;
    document.querySelector<HTMLInputElement>(`[data-line-id="${focusLine}"] input[name="Name"]`)?.focus();
    setFocusLine(null);
  }, [focusLine, lines]);

  const act = async (key: string, task: () => Promise<void>, fallback = t('snackbar.saveFailed')) => {
    setBusy(key);
    try {
      await task();
    } catch (err) {
      showError(err, { fallback, reload: reloadAll });
    } finally {
      setBusy(null);
    }
  };

  const addLine = () =>
    act('add', async () => {
      if (!info) return;
      const types = (await p.ensureChannelTypes()).filter((c) => c.Active);
      if (types.length === 0) {
        show({ severity: 'warning', message: t('mediaPlan.noChannelTypes') });
        return;
      }
      const type = types[0];
      // Only when the activity has no dates: the user's own calendar day, not UTC's.
      const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
      const start = p.activity?.StartDate ?? today;
      const end = p.activity?.EndDate ?? start;
      await enqueue(async () => {
        const { MediaMixChanged: _changed, ...saved } = await saveLine(scope, {
          ID: 0,
          MediaMixId: info.ID,
          AccountChannelTypeId: type.ID,
          Name: '',
          StartDate: start,
          EndDate: end,
          BuyType: type.DefaultBuyType,
          UnitCost: 0,
          Budget: 0,
          ImageCreatives: 0,
          VideoCreatives: 0,
          Notes: '',
        });
        // A new line always moves the mix's version on.
        planWritten(qc, scope, mixId, (i) => ({ ...withLine({ Amounts: null, ...saved })(i), version: i.version + 1 }));
        setFocusLine(saved.ID);
      });
    });

  /** Rows still holding a value that cannot be saved (marked in the grid). */
  const invalidRows = () =>
    document.querySelectorAll('[data-testid="plan-grid"] [data-testid="plan-line"] [aria-invalid="true"]').length;

  const saveDraft = () =>
    act('save', async () => {
      if (!info) return;
      await flushAll();
      if (invalidRows() > 0) {
        show({ severity: 'error', message: t('mediaPlan.fixErrors') });
        return;
      }
      const trimmed = name.trim();
      if (!trimmed) {
        show({ severity: 'error', message: t('mediaPlan.validation.name') });
        return;
      }
      if (trimmed !== info.Name) {
        const saved = await renameMix(
          scope,
          { ID: info.ID, ActivityId: info.ActivityId, version: mixVersion() },
          trimmed,
        );
        planWritten(qc, scope, mixId, (i) => ({ ...i, Name: saved.Name, version: saved.version }));
      }
      show({ message: t('snackbar.saved') });
    });

  const submit = () =>
    act('submit', async () => {
      if (!info) return;
      await flushAll();
      if (invalidRows() > 0) {
        show({ severity: 'error', message: t('mediaPlan.fixErrors') });
        return;
      }
      try {
        await submitMix(scope, info.ID, mixVersion());
      } catch (err) {
        // Over the activity's budget: the server names the amount; ask, then send it confirmed.
        if (!(err instanceof ApiError) || err.code !== 'OVER_BUDGET_UNCONFIRMED') throw err;
        const amount = formatCurrency(Number(err.params.amount), info.Currency, locale);
        const budget = formatCurrency(Number(err.params.budget), info.Currency, locale);
        const ok = await confirm({
          title: t('mediaPlan.confirmOverBudget.title'),
          message: t('mediaPlan.confirmOverBudget.message', { n: info.Version, amount, budget }),
          confirmLabel: t('mediaPlan.confirmOverBudget.submit'),
        });
        if (!ok) return;
        await submitMix(scope, info.ID, mixVersion(), true);
      }
      show({ message: t('mediaPlan.submitted') });
      reloadAll();
    });

  const approve = async () => {
    if (!info) return;
    const ok = await confirm({
      title: t('mediaPlan.confirmApprove.title'),
      message: t('mediaPlan.confirmApprove.message', { n: info.Version }),
      confirmLabel: t('mediaPlan.actions.approve'),
    });
    if (!ok) return;
    await act('approve', async () => {
      await approveMix(scope, info.ID, info.version);
      show({ message: t('mediaPlan.approved') });
      reloadAll();
    });
  };

  const signOff = async () => {
    if (!info) return;
    const ok = await confirm({
      title: t('mediaPlan.confirmSignOff.title'),
      message: t('mediaPlan.confirmSignOff.message', { n: info.Version }),
      confirmLabel: t('mediaPlan.actions.signOff'),
    });
    if (!ok) return;
    await act('signOff', async () => {
      await clientSignOff(scope, info.ID);
      show({ message: t('mediaPlan.signedOff') });
      reloadAll();
    });
  };

  const createVersion = () =>
    act('newVersion', async () => {
      if (!info) return;
      const v = await newVersion(scope, info.ID);
      show({ message: t('mediaPlan.versionCreated', { n: v.Version }) });
      await qc.invalidateQueries({ queryKey: planQueries.list(scope, info.ActivityId).queryKey, exact: true });
      p.onSelect(v.ID);
    });

  const doExport = () =>
    act(
      'export',
      async () => {
        if (!info) return;
        await flushAll();
        downloadFile(await exportMix(scope, info.ID, locale));
      },
      t('errors.loadFailed'),
    );

  /** The company's templates are asked for with the dialog's own code, not after it. */
  const openTemplates = () => {
    void qc.prefetchQuery(planQueries.templates(scope));
    setDialog('template');
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

  if (loaded.error != null && !info) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reloadInfo}>
            {t('common.reload')}
          </Button>
        }
      >
        {(loaded.error as Error).message || t('errors.loadFailed')}
      </Alert>
    );
  }
  if (!info) return <LinearProgress aria-label={t('common.loading')} />;

  const status = info.Status;
  const splitLine = splitLineId === null ? undefined : lines.find((l) => l.ID === splitLineId);
  return (
    <Box data-testid="plan-editor" data-mix-id={info.ID} data-status={status}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
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
        <HistoryPanel target={historyOf} onClose={() => setHistoryOf(null)} />
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
        <StatusChip status={status} />
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

      {status === MediaMixStatus.Submitted && info.SubmittedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="submitted-by">
          {t('mediaPlan.versions.submittedBy', {
            by: info.SubmittedByName ?? info.SubmittedBy,
            at: formatDate(info.SubmittedAt, locale, true),
          })}
        </Typography>
      )}
      {info.OverBudgetConfirmed && status !== MediaMixStatus.Draft && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="over-budget-confirmed">
          {t('mediaPlan.overBudgetConfirmed', {
            amount: formatCurrency(info.OverBudgetConfirmed.OverBy, info.Currency, locale),
            by: info.OverBudgetConfirmedByName ?? info.OverBudgetConfirmed.By,
          })}
        </Alert>
      )}
      {status === MediaMixStatus.Approved && info.ApprovedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('mediaPlan.versions.approvedBy', {
            by: info.ApprovedByName ?? info.ApprovedBy,
            at: formatDate(info.ApprovedAt, locale, true),
          })}
        </Typography>
      )}
      {status === MediaMixStatus.Rejected && info.RejectReason && (
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

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }} data-testid="plan-actions">
        {can.edit && (
          <Button variant="outlined" startIcon={<Add />} onClick={addLine} disabled={!!busy} data-testid="add-line">
            {t('mediaPlan.actions.addLine')}
          </Button>
        )}
        {can.edit && (
          <Button variant="outlined" onClick={openTemplates} disabled={!!busy} data-testid="apply-template">
            {t('mediaPlan.actions.applyTemplate')}
          </Button>
        )}
        {can.edit && (
          <Button variant="outlined" onClick={saveDraft} disabled={!!busy} data-testid="save-draft">
            {t('mediaPlan.actions.save')}
          </Button>
        )}
        {can.submit && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={!!busy || lines.length === 0}
            data-testid="submit-plan"
          >
            {t('mediaPlan.actions.submit')}
          </Button>
        )}
        {can.approve && (
          <Button variant="contained" color="success" onClick={approve} disabled={!!busy} data-testid="approve-plan">
            {t('mediaPlan.actions.approve')}
          </Button>
        )}
        {can.reject && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDialog('reject')}
            disabled={!!busy}
            data-testid="reject-plan"
          >
            {t('mediaPlan.actions.reject')}
          </Button>
        )}
        {can.newVersion && (
          <Button variant="outlined" onClick={createVersion} disabled={!!busy} data-testid="new-version">
            {t('mediaPlan.actions.newVersion')}
          </Button>
        )}
        {can.signOff && (
          <Button variant="contained" color="success" onClick={signOff} disabled={!!busy} data-testid="client-sign-off">
            {t('mediaPlan.actions.signOff')}
          </Button>
        )}
        {can.decline && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => setDialog('decline')}
            disabled={!!busy}
            data-testid="client-decline"
          >
            {t('mediaPlan.actions.decline')}
          </Button>
        )}
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
        {can.newVersion && (
          <ImportPlanButton scope={scope} info={info} locale={locale} disabled={!!busy} onSelect={p.onSelect} />
        )}
        {can.export && (
          <Button variant="text" onClick={doExport} disabled={!!busy} data-testid="export-plan">
            {t('mediaPlan.actions.export')}
          </Button>
        )}
      </Stack>
      <Box sx={{ height: 4 }}>{(busy || loaded.isFetching) && <LinearProgress aria-label={t('common.loading')} />}</Box>

      <PlanGrid info={info} lines={lines} ctx={ctx} drafts={drafts} round={round} />
      <PlanTotalsPanel info={info} lines={lines} drafts={drafts} locale={locale} activityBudget={p.activity?.Budget} />

      <Suspense fallback={null}>
        {splitLine && (
          <SplitDialog
            key={splitLine.ID}
            line={splitLine}
            currency={info.Currency}
            locale={locale}
            readOnly={!editable}
            onSave={(split) => saveSplit(splitLine, split)}
            onClose={() => setSplitLineId(null)}
          />
        )}
        {dialog === 'template' && (
          <TemplateDialog
            scope={scope}
            currency={info.Currency}
            suggested={p.activity?.Budget}
            onClose={() => setDialog(null)}
            onApply={async (templateId, totalBudget) => {
              await dialogAction(async () => {
                await flushAll();
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
            onClose={() => setDialog(null)}
            onSubmit={async (reason) => {
              await dialogAction(async () => {
                await rejectMix(scope, info.ID, info.version, reason);
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
            onClose={() => setDialog(null)}
            onSubmit={async (comment) => {
              await dialogAction(async () => {
                await clientDecline(scope, info.ID, comment);
                show({ message: t('mediaPlan.declined') });
              })();
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
