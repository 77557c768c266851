import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A table body's row and cell as plain elements with the `data-row` and `data-cell` classes, styled
 * once for the console by the theme's baseline (lib/display/data-row-styles.ts) as MUI's small
 * TableRow (with hover) and body TableCell are. A page of a grid holds a hundred cells or more, and
 * each TableCell is a styled component with its own style computation per render. For a table
 * whose header and states stay MUI's (`<Table size="small">`).
 */
type DataRowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

export function DataRow({ className, ...p }: DataRowProps) {
  return <tr className={className ? `data-row ${className}` : 'data-row'} {...p} />;
}

type DataCellProps = Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & {
  /** As MUI's TableCell: 'right' is the end of a right-to-left page too (its rules are flipped). */
  align?: 'right' | 'center';
  nowrap?: boolean;
  /** A long name: breaks inside the column (at least 120 px wide) rather than widen the table. */
  wrap?: boolean;
};

export function DataCell({ align, nowrap, wrap, className, ...p }: DataCellProps) {
  const classes = [
    'data-cell',
    align && `data-cell-${align}`,
    nowrap && 'data-cell-nowrap',
    wrap && 'data-cell-wrap',
    className,
  ];
  return <td className={classes.filter(Boolean).join(' ')} {...p} />;
}

/** A link in a cell to another screen of the console (a row's name), drawn as MUI's Link. */
export function DataLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <RouterLink className="data-link" to={to}>
      {children}
    </RouterLink>
  );
}

/** A link-styled button in a cell that opens something on the screen (a bill's reference). */
export function DataLinkButton({
  onClick,
  children,
  ...p
}: {
  onClick: () => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <button type="button" className="data-link" onClick={onClick} {...p}>
      {children}
    </button>
  );
}
