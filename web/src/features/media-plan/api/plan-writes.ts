import type { QueryClient } from '@tanstack/react-query';
import { minorToNumber } from '@server/shared/money';
import { inputOfLine } from '../model/line-form';
import { totalsOf } from '../model/plan-figures';
import type { VersionInfo, VersionLineView } from './media-plan-api';
import { planQueries } from './plan-queries';

const listTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A write of this editor changed version `versionId` (a line saved, added or deleted, the plan renamed):
 * `change` is applied to the cached version, and its row of the cached versions list takes the
 * name, version and totals of the result, computed by the money module as the API computes them,
 * so the list and the footer agree at once. The list is then read again from the server (once
 * the writes have paused for 800 ms: at most one read per burst of autosaves).
 */
export function planWritten(
  qc: QueryClient,
  scope: number,
  versionId: number,
  change: (info: VersionInfo) => VersionInfo,
): void {
  const info = qc.setQueryData(planQueries.info(scope, versionId).queryKey, (old) => (old ? change(old) : old));
  if (!info) return;
  const listKey = planQueries.list(scope, info.ActivityId).queryKey;
  const totals = totalsOf(info.Lines.map(inputOfLine), info.Pricing);
  qc.setQueryData(
    listKey,
    (list) =>
      list && {
        ...list,
        Items: list.Items.map((v) =>
          v.ID === versionId
            ? {
                ...v,
                Name: info.Name,
                version: info.version,
                LineCount: info.Lines.length,
                Net: totals && minorToNumber(totals.net),
                Total: totals && minorToNumber(totals.total),
              }
            : v,
        ),
      },
  );
  const id = JSON.stringify(listKey);
  clearTimeout(listTimers.get(id));
  listTimers.set(
    id,
    setTimeout(() => {
      listTimers.delete(id);
      void qc.invalidateQueries({ queryKey: listKey, exact: true });
    }, 800),
  );
}

/** The cached version with `line` (as the server answered it) in place of its older copy, or added. */
export const withLine =
  (line: VersionLineView) =>
  (info: VersionInfo): VersionInfo => ({
    ...info,
    Lines: info.Lines.some((l) => l.ID === line.ID)
      ? info.Lines.map((l) => (l.ID === line.ID ? line : l))
      : [...info.Lines, line],
  });
