import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { downloadFile } from '../../../lib/download';
import { todayIn } from '@server/shared/company-day';
import {
  exportVersion,
  newVersion,
  renameVersion,
  saveLine,
  type AccountChannelType,
  type ActivityView,
  type VersionInfo,
} from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';
import { planWritten, withLine } from '../api/plan-writes';
import type { usePlanError } from './use-plan-error';
import type { Enqueue } from './use-write-queue';

/** A button's call: which one is running (the others wait), its error shown with a reload. */
export function useBusyAction(showError: ReturnType<typeof usePlanError>, reloadAll: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
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
  return { busy, act };
}

export type Act = ReturnType<typeof useBusyAction>['act'];

/** Rows still holding a value that cannot be saved (marked in the grid). */
export const invalidRows = () =>
  document.querySelectorAll('[data-testid="plan-grid"] [data-testid="plan-line"] [aria-invalid="true"]').length;

/** A new line of the first active channel type, on the activity's dates (the user's own day when it has none). */
function newLine(versionId: number, type: AccountChannelType, activity: ActivityView | undefined) {
  // Only when the activity has no dates: the user's own calendar day, not UTC's.
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const start = activity?.StartDate ?? today;
  const end = activity?.EndDate ?? start;
  return {
    ID: 0,
    MediaMixId: versionId,
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
  };
}

interface DraftActionsOf {
  scope: number;
  versionId: number;
  info: VersionInfo | undefined;
  activity: ActivityView | undefined;
  ensureChannelTypes: () => Promise<readonly AccountChannelType[]>;
  locale: string;
  name: string;
  act: Act;
  enqueue: Enqueue;
  flushAll: () => Promise<void>;
  versionNumber: () => number;
  /** A new line was added: its name field gets the focus. */
  focusLine: (lineId: number) => void;
  onSelect: (versionId: number) => void;
}

/** The draft's buttons: add a line, save (the rows, then the name), a new version, the Excel export. */
export function useDraftActions(p: DraftActionsOf) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const qc = useQueryClient();
  const { scope, versionId, info, act } = p;

  const addLine = () =>
    act('add', async () => {
      if (!info) return;
      const types = (await p.ensureChannelTypes()).filter((c) => c.Active);
      if (types.length === 0) {
        show({ severity: 'warning', message: t('mediaPlan.noChannelTypes') });
        return;
      }
      await p.enqueue(async () => {
        const { MediaMixChanged: _changed, ...saved } = await saveLine(scope, newLine(info.ID, types[0], p.activity));
        // A new line always moves the mix's version on.
        planWritten(qc, scope, versionId, (i) => ({
          ...withLine({ Amounts: null, ...saved })(i),
          version: i.version + 1,
        }));
        p.focusLine(saved.ID);
      });
    });

  const saveDraft = () =>
    act('save', async () => {
      if (!info) return;
      await p.flushAll();
      if (invalidRows() > 0) {
        show({ severity: 'error', message: t('mediaPlan.fixErrors') });
        return;
      }
      const trimmed = p.name.trim();
      if (!trimmed) {
        show({ severity: 'error', message: t('mediaPlan.validation.name') });
        return;
      }
      if (trimmed !== info.Name) {
        const version = { ID: info.ID, ActivityId: info.ActivityId, version: p.versionNumber() };
        const saved = await renameVersion(scope, version, trimmed);
        planWritten(qc, scope, versionId, (i) => ({ ...i, Name: saved.Name, version: saved.version }));
      }
      show({ message: t('snackbar.saved') });
    });

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
        await p.flushAll();
        downloadFile(await exportVersion(scope, info.ID, p.locale));
      },
      t('errors.loadFailed'),
    );

  return { addLine, saveDraft, createVersion, doExport };
}
