import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { SortState } from '../../lib/table-rows';

export interface SortableColumn<K extends string> {
  key: K;
  /** Right-aligned (figures). */
  numeric?: boolean;
}

/** A grid's header row: one sortable cell per column (TableSortLabel), then `children` (e.g. the actions cell). */
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
    <TableHead>
      <TableRow>
        {columns.map((c) => (
          <TableCell
            key={c.key}
            align={c.numeric ? 'right' : 'left'}
            sortDirection={sort.key === c.key ? sort.dir : false}
          >
            <TableSortLabel
              active={sort.key === c.key}
              direction={sort.key === c.key ? sort.dir : 'asc'}
              onClick={() => onSort(c.key)}
            >
              {label(c.key)}
            </TableSortLabel>
          </TableCell>
        ))}
        {children}
      </TableRow>
    </TableHead>
  );
}
