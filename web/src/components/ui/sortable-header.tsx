import ArrowDownward from '@mui/icons-material/ArrowDownward';
import type { ReactNode, ThHTMLAttributes } from 'react';
import type { SortState } from '../../lib/table-rows';
import { PlainIcon } from './plain-icon';

export interface SortableColumn<K extends string> {
  key: K;
  /** Right-aligned (figures). */
  numeric?: boolean;
}

/**
 * A header cell of a grid whose body is plain rows (data-row.tsx): a plain `th` with the
 * `data-cell` and `data-head-cell` classes, styled once by the theme's baseline
 * (lib/display/grid-frame-styles.ts) as MUI's small head TableCell is.
 */
export function HeadCell({
  align,
  className,
  ...p
}: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: 'right' }) {
  const classes = ['data-cell', 'data-head-cell', align && 'data-cell-right', className];
  return <th scope="col" className={classes.filter(Boolean).join(' ')} {...p} />;
}

/**
 * A grid's header row: one sortable cell per column, then `children` (HeadCells, e.g. the actions').
 * Plain elements drawn as MUI's TableSortLabel (a button; the arrow on the sorted column, `aria-sort`
 * on its cell): every list's first frame had a ButtonBase and three styled parts per column.
 */
export function SortableHeader<K extends string>({
  columns,
  sort,
  onSort,
  label,
  children,
}: {
  columns: readonly SortableColumn<K>[];
  sort: SortState<K>;
  onSort: (key: K) => void;
  label: (key: K) => string;
  children?: ReactNode;
}) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const active = sort.key === c.key;
          const dir = active ? sort.dir : 'asc';
          return (
            <HeadCell
              key={c.key}
              align={c.numeric ? 'right' : undefined}
              aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              <button
                type="button"
                className={`data-sort data-sort-${dir}${active ? ' data-sort-active' : ''}`}
                onClick={() => onSort(c.key)}
              >
                {label(c.key)}
                <PlainIcon of={ArrowDownward} size="inherit" />
              </button>
            </HeadCell>
          );
        })}
        {children}
      </tr>
    </thead>
  );
}
