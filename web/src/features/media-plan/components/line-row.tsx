import { memo, type ReactNode } from 'react';
import { hasErrors, type PlanLine } from '../model/line-form';
import {
  cellInput,
  customCells,
  EditableFigures,
  EditableInputs,
  ReadOnlyRow,
  RowButtons,
  rowText,
  SAVE_MARK,
  vendorCell,
} from './line-cells';
import type { RowContext } from './row-context';
import { useLineAutosave } from './use-line-autosave';

type LineEdit = ReturnType<typeof useLineAutosave>;

/**
 * One plan line. It keeps what is typed in its own state (a keystroke re-renders this row and the
 * totals, nothing else), shows its amounts live through the money module, and saves itself
 * AUTOSAVE_MS after the last keystroke, or at once when focus leaves the row or on Enter: one
 * SaveMediaChannel at a time, from the line's version, so a second edit during a save is sent
 * afterwards with the new version. It shows saving / saved / refused with the reason (the edit
 * stays in the row), and reports whether it holds an unsaved edit (ctx.unsaved).
 */
export const LineRow = memo(function LineRow({ line, index, ctx }: { line: PlanLine; index: number; ctx: RowContext }) {
  const edit = useLineAutosave(line, ctx);
  const { base, form, errors, figures, liveInput } = edit;
  const n = index + 1;
  const metricsLine =
    liveInput && !errors.UnitCost
      ? {
          unitCost: Number(form.UnitCost.replace(/[,\s]/g, '')),
          imageCreatives: Number(form.ImageCreatives),
          videoCreatives: Number(form.VideoCreatives),
        }
      : { unitCost: base.UnitCost, imageCreatives: base.ImageCreatives, videoCreatives: base.VideoCreatives };
  const custom = customCells(ctx, figures, metricsLine);
  const buttons = (
    <RowButtons
      ctx={ctx}
      line={line}
      n={n}
      hasSplit={!!base.MonthlySplit}
      blocked={edit.dirty && hasErrors(errors)}
      onSplit={edit.handlers.onSplit}
    />
  );
  if (!ctx.editable)
    return <ReadOnlyRow line={line} n={n} ctx={ctx} figures={figures} custom={custom} buttons={buttons} />;
  return <EditableRow line={line} n={n} ctx={ctx} edit={edit} custom={custom} buttons={buttons} />;
});

interface EditableRowProps {
  line: PlanLine;
  n: number;
  ctx: RowContext;
  edit: LineEdit;
  custom: ReturnType<typeof customCells>;
  buttons: ReactNode;
}

/** The row of a line being edited: its inputs, its amounts live, its save state and why a save was refused. */
function EditableRow({ line, n, ctx, edit, custom, buttons }: EditableRowProps) {
  const { t } = ctx;
  const { status, handlers } = edit;
  const cells = { ctx, base: edit.base, form: edit.form, errors: edit.errors, text: rowText(ctx, n, edit.errors) };
  const bound = { ...cells, onField: handlers.onField, setField: handlers.setField };
  const rowClass =
    [edit.dirty ? 'dirty' : '', status.state === 'saving' ? 'saving' : '', status.state === 'failed' ? 'failed' : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const stateText =
    status.state === 'idle'
      ? null
      : status.state === 'failed'
        ? t('mediaPlan.lineSave.failed', { reason: status.reason })
        : t(`mediaPlan.lineSave.${status.state}`);
  return (
    <tr
      role="row"
      data-testid="plan-line"
      data-line-id={line.ID}
      data-frame-row=""
      className={rowClass}
      onBlur={handlers.onRowBlur}
      onKeyDown={handlers.onKeyDown}
      aria-busy={status.state === 'saving' || undefined}
      data-save-state={status.state}
    >
      <td role="gridcell" className="num index">
        {n}
        {stateText && (
          <span
            className={`line-save ${status.state}`}
            data-testid="line-save-state"
            role="status"
            aria-label={stateText}
            title={stateText}
          >
            {SAVE_MARK[status.state]}
          </span>
        )}
      </td>
      <EditableInputs {...bound} />
      <EditableFigures {...bound} figures={edit.figures} />
      {custom}
      <td role="gridcell">{cellInput(bound, 'Notes')}</td>
      {ctx.showVendors && vendorCell(bound)}
      <td role="gridcell" className="actions">
        {buttons}
        <button
          type="button"
          tabIndex={-1}
          className="icon"
          onClick={() => ctx.remove(edit.base)}
          aria-label={ctx.labels.delete.replace('#', String(n))}
        >
          ×
        </button>
      </td>
      {status.state === 'failed' && (
        <td role="gridcell" className="line-error" data-testid="line-save-error">
          {stateText}
        </td>
      )}
      {status.state !== 'failed' && !!edit.followed?.length && (
        <td role="gridcell" className="line-note" data-testid="line-channel-note">
          {t('mediaPlan.channelDefaults', { fields: edit.followed.map((f) => t(`mediaPlan.fields.${f}`)).join(', ') })}
        </td>
      )}
    </tr>
  );
}
