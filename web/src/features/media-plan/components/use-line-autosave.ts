import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type FocusEvent,
  type KeyboardEvent,
  type MutableRefObject,
  type SetStateAction,
} from 'react';
import type { FieldIssue } from '../../../lib/forms/route-form';
import type { FollowedField } from '../model/channel-defaults';
import {
  figuresOf,
  formOf,
  hasErrors,
  inputOfForm,
  inputOfLine,
  sameForm,
  validateLine,
  type LineErrors,
  type LineField,
  type LineForm,
  type PlanLine,
} from '../model/line-form';
import type { RowContext } from './row-context';

/** An edit saves itself this long after the last keystroke (at once when focus leaves the row, or on Enter). */
export const AUTOSAVE_MS = 800;

/** What the row shows of its saving: nothing (no edit yet, or typing), saving, saved, or refused with the reason. */
export type SaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; reason: string; field?: LineField; issue?: FieldIssue };
const IDLE: SaveState = { state: 'idle' };

interface RowState {
  base: PlanLine;
  form: LineForm;
  /** What followed the channel type the planner just chose (shown in the row until the next edit). */
  followed?: FollowedField[];
}

/** The line and what is typed in it; `latest` is what the next save sends, `sent` what the last one did. */
function useRowForm(line: PlanLine) {
  const [state, setState] = useState<RowState>(() => ({ base: line, form: formOf(line) }));
  const sent = useRef<LineForm | null>(null);
  const latest = useRef({ line, form: state.form });
  let { base, form } = state;
  if (line !== base) {
    // A new copy of the line (this row's save, or a reload): show it, unless more was typed since.
    const typedSince = !sameForm(form, formOf(base)) && !(sent.current && sameForm(form, sent.current));
    base = line;
    form = typedSince ? form : formOf(line);
    setState({ base, form });
  }
  latest.current = {
    line: latest.current.line.version > line.version && latest.current.line.ID === line.ID ? latest.current.line : line,
    form,
  };
  return { state, setState, base, form, sent, latest };
}

type Latest = MutableRefObject<{ line: PlanLine; form: LineForm }>;

/** What is typed, checked (with the field the API refused on the last save), and its amounts live. */
function useRowChecks(ctx: RowContext, base: PlanLine, form: LineForm, status: SaveState) {
  const { editable, dateRange } = ctx;
  const errors: LineErrors = useMemo(() => {
    if (!editable) return {};
    const found = validateLine(base, form, dateRange);
    // A field the API refused on the last save is marked until it is edited (an edit clears the failed state).
    return status.state === 'failed' && status.field && status.issue && !found[status.field]
      ? { ...found, [status.field]: status.issue }
      : found;
  }, [editable, base, form, dateRange, status]);
  const dirty = editable && !sameForm(form, formOf(base));
  const liveInput = useMemo(() => (dirty ? inputOfForm(form, errors) : null), [dirty, form, errors]);

  const figures = useMemo(() => {
    const input = liveInput ?? inputOfLine(base);
    const unitCost = liveInput && !errors.UnitCost ? form.UnitCost.replace(/[,\s]/g, '') : base.UnitCost;
    const buyType = liveInput ? form.BuyType : base.BuyType;
    try {
      return figuresOf(input, { buyType, unitCost }, ctx.fees);
    } catch {
      return figuresOf(inputOfLine(base), { buyType: base.BuyType, unitCost: base.UnitCost }, ctx.fees);
    }
  }, [liveInput, base, form.UnitCost, form.BuyType, errors.UnitCost, ctx.fees]);
  return { errors, dirty, liveInput, figures };
}

/**
 * The row's save: one SaveMediaChannel at a time, from the line's version; an edit during a save is
 * sent afterwards. Registered with the editor so Save and Submit flush it.
 */
function useRowSaver(
  ctx: RowContext,
  lineId: number,
  rowForm: ReturnType<typeof useRowForm>,
  setStatus: (s: SaveState) => void,
) {
  const { latest, sent } = rowForm;
  const inflight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const failed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inflight.current) {
      again.current = true;
      return inflight.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const { line: current, form: f } = latest.current;
        if (hasErrors(validateLine(current, f, ctx.dateRange)) || sameForm(f, formOf(current))) return;
        sent.current = f;
        setStatus({ state: 'saving' });
        const outcome = await ctx.save(current, f);
        failed.current = 'failed' in outcome;
        if ('failed' in outcome) {
          setStatus({ state: 'failed', reason: outcome.failed, field: outcome.field, issue: outcome.issue });
          return;
        }
        latest.current = { line: outcome.line, form: latest.current.form };
        setStatus({ state: 'saved' });
        // Said at once, not after the next render: a navigation waiting for this save goes on without asking.
        if (!again.current && sameForm(latest.current.form, formOf(outcome.line)))
          ctx.unsaved.set(outcome.line.ID, false);
      } while (again.current);
    };
    inflight.current = run().finally(() => {
      inflight.current = null;
    });
    return inflight.current;
  }, [ctx, latest, sent, setStatus]);

  const { register, editable } = ctx;
  useEffect(() => {
    if (!editable) return undefined;
    register(lineId, save);
    return () => register(lineId, null);
  }, [editable, register, lineId, save]);
  // A row that goes away (deleted, a reload) leaves no autosave behind; leaving the page with one asks first.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { save, failed, timer };
}

type Saver = ReturnType<typeof useRowSaver>;

/** The row's events: a field typed (autosave restarts), focus leaving the row, Enter or Tab, the monthly split. */
function useRowHandlers(
  ctx: RowContext,
  lineId: number,
  { save, failed, timer }: Saver,
  setState: Dispatch<SetStateAction<RowState>>,
  setStatus: Dispatch<SetStateAction<SaveState>>,
  latest: Latest,
) {
  const setField = useCallback(
    (name: LineField, value: string) => {
      setState((s) => {
        if (name !== 'AccountChannelTypeId' || !ctx.onChannelChange)
          return { ...s, form: { ...s.form, [name]: value }, followed: undefined };
        // The defaults follow from the type the line had (s.form) to the one chosen.
        const { form: next, changed } = ctx.onChannelChange(s.form, Number(value));
        return { ...s, form: { ...next, AccountChannelTypeId: value }, followed: changed };
      });
      setStatus((st) => (st.state === 'saved' || st.state === 'failed' ? IDLE : st));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [ctx, save, setState, setStatus, timer],
  );
  const onField = useCallback(
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setField(e.target.name as LineField, e.target.value),
    [setField],
  );
  const onRowBlur = useCallback(
    (e: FocusEvent<HTMLTableRowElement>) => {
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      void save();
    },
    [save],
  );
  // The monthly split is of the saved line: a row holding edits saves them first (as Save draft and
  // Export do), then the dialog opens with the line as saved; nothing opens when that save failed.
  const { openSplit, editable } = ctx;
  const onSplit = useCallback(async () => {
    const { line: current, form: f } = latest.current;
    if (editable && !sameForm(f, formOf(current))) {
      if (hasErrors(validateLine(current, f, ctx.dateRange))) return;
      failed.current = false;
      await save();
      if (failed.current) return;
    }
    openSplit(lineId);
  }, [editable, ctx.dateRange, save, openSplit, lineId, latest, failed]);
  // Enter or Tab in a field keeps the edit: the row saves at once (the grid moves focus: grid-keys.ts).
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLTableRowElement>) => {
      const tag = (e.target as HTMLElement).tagName;
      if ((e.key === 'Enter' || e.key === 'Tab') && (tag === 'INPUT' || tag === 'SELECT')) {
        if (e.key === 'Enter') e.preventDefault();
        void save();
      }
    },
    [save],
  );
  return { setField, onField, onRowBlur, onSplit, onKeyDown };
}

export type RowHandlers = ReturnType<typeof useRowHandlers>;

/**
 * A plan line's edit: what is typed (in the row's own state), its checks and live amounts, and its
 * autosave AUTOSAVE_MS after the last keystroke. The totals footer sees what is typed (ctx.drafts),
 * and the editor whether the row holds an edit the server does not have (ctx.unsaved).
 */
export function useLineAutosave(line: PlanLine, ctx: RowContext) {
  const form = useRowForm(line);
  const [status, setStatus] = useState<SaveState>(IDLE);
  const checks = useRowChecks(ctx, form.base, form.form, status);

  const { drafts } = ctx;
  useEffect(() => {
    drafts.set(line.ID, checks.liveInput);
  }, [drafts, line.ID, checks.liveInput]);
  useEffect(() => () => drafts.set(line.ID, null), [drafts, line.ID]);

  const saver = useRowSaver(ctx, line.ID, form, setStatus);

  const unsaved = ctx.editable && (checks.dirty || status.state === 'saving' || status.state === 'failed');
  const { unsaved: unsavedLines } = ctx;
  useEffect(() => {
    unsavedLines.set(line.ID, unsaved);
  }, [unsavedLines, line.ID, unsaved]);
  useEffect(() => () => unsavedLines.set(line.ID, false), [unsavedLines, line.ID]);

  const handlers = useRowHandlers(ctx, line.ID, saver, form.setState, setStatus, form.latest);
  return { ...checks, base: form.base, form: form.form, followed: form.state.followed, status, handlers };
}
