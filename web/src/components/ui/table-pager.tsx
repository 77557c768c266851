import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import type { SvgIconComponent } from '@mui/icons-material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../lib/table-rows';
import { PlainIcon } from './plain-icon';

export const PAGE_SIZES = [10, 25, 50, 100];

/** What a sortable grid with a pager gets from its screen: the rows of the page, paging and sorting. */
export interface PagedGridProps<T, K> {
  rows: T[];
  /** Rows on every page. */
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  sort: SortState<K>;
  onSort: (key: K) => void;
  locale: string;
}

/**
 * Rows-per-page and page buttons under a table, as plain elements styled once by the theme's baseline
 * (lib/display/grid-frame-styles.ts) as MUI's NativeSelect and small IconButtons are: they were a
 * quarter of a list's styled components on its first frame. MUI's TablePagination is not used either:
 * its actions bring Tooltip and Popper (about 8 kB gzip), over /accounts/list's 250 kB budget. A
 * native select shows its choices as well as MUI's Menu would (and better on a phone). Arrows flip
 * in right-to-left layouts.
 */
export function TablePager({
  count,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const last = Math.max(0, Math.ceil(count / pageSize) - 1);
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div className="table-pager" data-testid="table-pager">
      <p className="table-pager-text" id={labelId}>
        {t('grid.rowsPerPage')}
      </p>
      <span className="table-pager-size">
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} aria-labelledby={labelId}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <PlainIcon of={ArrowDropDown} size="medium" />
      </span>
      <p className="table-pager-text" aria-live="polite" data-frame-volatile="">
        {t('grid.displayedRows', { from, to, count })}
      </p>
      <span>
        <PageButton icon={FirstPage} label={t('grid.firstPage')} disabled={page === 0} onClick={() => onPage(0)} />
        <PageButton
          icon={ChevronLeft}
          label={t('grid.previousPage')}
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        />
        <PageButton
          icon={ChevronRight}
          label={t('grid.nextPage')}
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        />
        <PageButton icon={LastPage} label={t('grid.lastPage')} disabled={page >= last} onClick={() => onPage(last)} />
      </span>
    </div>
  );
}

/** One page arrow: a plain button shaped as MUI's small IconButton (the rows' `row-icon`), flipped right to left. */
function PageButton({
  icon,
  label,
  disabled,
  onClick,
}: {
  icon: SvgIconComponent;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="row-icon table-pager-flip"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      <PlainIcon of={icon} size="medium" />
    </button>
  );
}
