import { useState } from 'react';

/**
 * Checkbox selection by ID over a filtered list: "all" means every row shown now, and rows
 * selected before a filter change stay selected.
 */
export function useRowSelection(visible: readonly { ID: number }[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const allShownSelected = visible.length > 0 && visible.every((c) => selected.has(c.ID));
  const someShownSelected = visible.some((c) => selected.has(c.ID));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const c of visible) {
        if (allShownSelected) next.delete(c.ID);
        else next.add(c.ID);
      }
      return next;
    });

  return { selected, allShownSelected, someShownSelected, toggle, toggleAll };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
