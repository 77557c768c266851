import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { serverFieldIssue } from '../../../lib/forms/server-error';
import { deleteLine, saveLine } from '../api/media-plan-api';
import { planWritten, withLine } from '../api/plan-writes';
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
import type { SaveOutcome } from './row-context';
import { saveFailureText, type usePlanError } from './use-plan-error';
import type { Enqueue } from './use-write-queue';

/** One SaveMediaChannel of a line; the cached version (and the list) take the reply, the mix's version moves on when the server says so. */
async function writeLine(
  qc: QueryClient,
  scope: number,
  versionId: number,
  line: PlanLine,
  payload: ReturnType<typeof toPayload>,
): Promise<PlanLine> {
  const { MediaMixChanged, ...saved } = await saveLine(scope, payload);
  let next: PlanLine = { ...line, ...saved };
  planWritten(qc, scope, versionId, (i) => {
    const cached = i.Lines.find((l) => l.ID === saved.ID);
    const merged = { Amounts: null, ...cached, ...saved };
    next = merged;
    // A grid edit is one write that leaves the mix's version; a change of dates or type moves it on.
    return { ...withLine(merged)(i), version: i.version + (MediaMixChanged ? 1 : 0) };
  });
  return next;
}

interface LineWritesOf {
  scope: number;
  versionId: number;
  enqueue: Enqueue;
  showError: ReturnType<typeof usePlanError>;
  reloadAll: () => void;
  /** The split dialog saved: close it. */
  splitSaved: () => void;
}

/** The rows' saves and deletes and the split dialog's save, through the editor's write queue. */
export function useLineWrites({ scope, versionId, enqueue, showError, reloadAll, splitSaved }: LineWritesOf) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const run = useConfirmedAction(showError);
  const qc = useQueryClient();

  const saveRow = useCallback(
    (line: PlanLine, form: LineForm) =>
      enqueue(async (): Promise<SaveOutcome> => {
        try {
          const next = await writeLine(qc, scope, versionId, line, toPayload(line, form));
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
    [enqueue, qc, scope, versionId, show, showError, t, reloadAll],
  );

  /** The split dialog's save (null: back to pro rata), queued behind the row saves; rejects to keep the dialog open. */
  const saveSplit = useCallback(
    async (line: PlanLine, split: MonthlySplit | null) => {
      try {
        await enqueue(() => writeLine(qc, scope, versionId, line, splitPayload(line, split)));
      } catch (err) {
        showError(err, { fallback: t('snackbar.saveFailed'), reload: reloadAll });
        throw err;
      }
      show({ message: t(split ? 'mediaPlan.split.saved' : 'mediaPlan.split.cleared') });
      splitSaved();
    },
    [enqueue, qc, scope, versionId, showError, show, t, reloadAll, splitSaved],
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
            planWritten(qc, scope, versionId, (i) => ({
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
    [run, t, enqueue, scope, qc, versionId, reloadAll],
  );

  return { saveRow, saveSplit, removeRow };
}
