import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/**
 * The plan grid by keyboard (WAI-ARIA grid pattern). Tab enters the grid on one cell and leaves it
 * with the next Tab (roving tabindex: that cell alone has tabindex 0; every input, list and button in
 * the grid has -1). On a cell: arrow keys move (Left/Right as the eye reads them, so they swap in
 * right-to-left), Home/End to the row's ends, Ctrl+Home/End to the grid's; Enter or F2 edits the
 * cell (its input, list or first button takes focus). While editing: Escape puts back the value the
 * cell had and returns to the cell; Enter or Tab keeps it (the row saves: use-line-autosave.ts) and
 * returns to the cell, Tab moving on to the next one. A click in a cell makes it the grid's cell.
 *
 * The grid holds up to thousands of cells: the active cell is kept by the DOM (its tabindex), not by
 * React state, so moving never re-renders a row.
 */

const CONTROL = 'input, select, button';
/** The cells the keyboard moves through: the column headers (so a grid without lines has a stop too) and the cells. */
const CELL = '[role="gridcell"], [role="columnheader"]';
const STOP = '[role="gridcell"][tabindex="0"], [role="columnheader"][tabindex="0"]';

const cellsOf = (row: Element) => [...row.children].filter((c) => c.matches(CELL)) as HTMLElement[];
/** The header, the lines and the sums, in order. */
const rowsOf = (grid: HTMLElement) =>
  [...grid.querySelectorAll(':scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr')].filter(
    (r) => cellsOf(r).length > 0,
  ) as HTMLElement[];

/** The column a cell starts at (cells spanning several columns count them all), so Up/Down keep the column. */
function columnOf(cell: HTMLElement): number {
  let col = 0;
  for (const c of cellsOf(cell.parentElement as Element)) {
    if (c === cell) return col;
    col += (c as HTMLTableCellElement).colSpan || 1;
  }
  return col;
}

/** A row's cells on the grid's columns (a line's error or note under the row is not one). */
const columnCells = (row: Element) =>
  cellsOf(row).filter((c) => !c.classList.contains('line-error') && !c.classList.contains('line-note'));

function cellAtColumn(row: HTMLElement, col: number): HTMLElement | undefined {
  let at = 0;
  const cells = columnCells(row);
  for (const c of cells) {
    const span = (c as HTMLTableCellElement).colSpan || 1;
    if (col < at + span) return c;
    at += span;
  }
  return cells.at(-1);
}

/** Makes `cell` the grid's one tab stop and focuses it. */
function activate(grid: HTMLElement, cell: HTMLElement | undefined, focus = true) {
  if (!cell) return;
  for (const c of grid.querySelectorAll(STOP)) if (c !== cell) c.removeAttribute('tabindex');
  cell.tabIndex = 0;
  if (focus) cell.focus();
}

/** The cell `key` leads to from `cell`, or undefined (the key is not a move). */
function target(grid: HTMLElement, cell: HTMLElement, e: KeyboardEvent, rtl: boolean): HTMLElement | undefined {
  const rows = rowsOf(grid);
  const row = cell.parentElement as HTMLElement;
  const r = rows.indexOf(row);
  const cells = cellsOf(row);
  const i = cells.indexOf(cell);
  const step = (d: number) => cells[Math.min(cells.length - 1, Math.max(0, i + d))];
  switch (e.key) {
    case 'ArrowRight':
      return step(rtl ? -1 : 1);
    case 'ArrowLeft':
      return step(rtl ? 1 : -1);
    case 'ArrowDown':
      return rows[r + 1] ? cellAtColumn(rows[r + 1], columnOf(cell)) : cell;
    case 'ArrowUp':
      return rows[r - 1] ? cellAtColumn(rows[r - 1], columnOf(cell)) : cell;
    case 'Home':
      return e.ctrlKey ? cellsOf(rows[0])[0] : cells[0];
    case 'End':
      return e.ctrlKey ? columnCells(rows[rows.length - 1]).at(-1) : columnCells(row).at(-1);
    default:
      return undefined;
  }
}

/** The next or previous cell in reading order, across rows; undefined past the grid's ends. */
function sequential(grid: HTMLElement, cell: HTMLElement, back: boolean): HTMLElement | undefined {
  const all = rowsOf(grid).flatMap(cellsOf);
  return all[all.indexOf(cell) + (back ? -1 : 1)];
}

/** Sets a control's value as typing would, so React's onChange sees it (Escape's undo). */
function restore(control: HTMLInputElement | HTMLSelectElement, value: string) {
  if (control.value === value) return;
  const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** What a cell's control held when the edit began (Escape puts it back). */
type Held = { current: { control: Element; value: string } | null };

const isField = (el: EventTarget | null): el is HTMLInputElement | HTMLSelectElement =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement;

function startEdit(cell: HTMLElement) {
  const control = cell.querySelector<HTMLElement>(CONTROL);
  if (!control) return false;
  control.focus();
  if (control instanceof HTMLInputElement) control.select();
  return true;
}

/** Keys while a cell's control has focus: leave it (keeping or undoing the edit), or step between a cell's buttons. */
function editKey(grid: HTMLElement, cell: HTMLElement, e: KeyboardEvent, rtl: boolean, held: Held) {
  const control = e.target as HTMLElement;
  const field = isField(control) ? control : null;
  if (e.key === 'Escape') {
    if (field && held.current?.control === field) restore(field, held.current.value);
    e.preventDefault();
    activate(grid, cell);
  } else if (e.key === 'Enter' && field) {
    e.preventDefault();
    activate(grid, cell);
  } else if (e.key === 'Tab') {
    const next = sequential(grid, cell, e.shiftKey);
    if (!next) return; // past the grid's ends: the browser's Tab leaves the grid
    e.preventDefault();
    activate(grid, next);
  } else if (!field && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
    const buttons = [...cell.querySelectorAll<HTMLElement>(CONTROL)];
    const forward = (e.key === 'ArrowRight') !== rtl;
    buttons[buttons.indexOf(control) + (forward ? 1 : -1)]?.focus();
    e.preventDefault();
  }
}

/** Wires the grid's keys to the table (`gridRef`). `rtl`: the page reads right to left. */
export function useGridKeys(gridRef: RefObject<HTMLElement | null>, rtl: boolean) {
  const held: Held = useRef(null);

  // After every render of the grid: rows come and go, and a version turning read-only replaces
  // every cell, so the tab stop is checked each time (one query) and put on the first cell if lost.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || grid.querySelector(STOP)) return;
    const rows = rowsOf(grid);
    // The first line's first cell; the first column header while there is no line.
    activate(grid, cellsOf(rows[1] ?? rows[0] ?? grid)[0], false);
  });

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const grid = gridRef.current;
      const cell = (e.target as HTMLElement).closest<HTMLElement>(CELL);
      if (!grid || !cell || !grid.contains(cell) || e.altKey || e.metaKey) return;
      if (e.target !== cell) return editKey(grid, cell, e, rtl, held);
      if (e.key === 'Enter' || e.key === 'F2') {
        if (startEdit(cell)) e.preventDefault();
        return;
      }
      const to = target(grid, cell, e, rtl);
      if (!to) return;
      e.preventDefault();
      activate(grid, to);
    },
    [gridRef, rtl],
  );

  /**
   * Focus on a cell's control (Enter, F2 or a click) begins an edit: the cell becomes the grid's
   * tab stop and what the control holds is kept for Escape.
   */
  const onFocus = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const grid = gridRef.current;
      const cell = (e.target as HTMLElement).closest<HTMLElement>(CELL);
      if (!grid || !cell) return;
      if (cell.tabIndex !== 0) activate(grid, cell, false);
      if (e.target === cell) held.current = null;
      else if (isField(e.target) && held.current?.control !== e.target)
        held.current = { control: e.target, value: e.target.value };
    },
    [gridRef],
  );

  return { onKeyDown, onFocus };
}
