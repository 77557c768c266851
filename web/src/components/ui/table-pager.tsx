import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../lib/table-rows';

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
 * Rows-per-page and page buttons under a table. MUI's TablePagination is not used because its
 * actions bring Tooltip and Popper (about 8 kB gzip), which would put /accounts/list over its
 * 250 kB budget. Arrows flip in right-to-left layouts.
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
  const flip = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } };
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', py: 1, flexWrap: 'wrap' }}
      data-testid="table-pager"
    >
      <Typography variant="body2" id={labelId}>
        {t('grid.rowsPerPage')}
      </Typography>
      {/* A native select: MUI's Select brings its Menu, Popover and Modal to every list screen (the console's JavaScript budget). */}
      <NativeSelect
        disableUnderline
        value={pageSize}
        onChange={(e) => onPageSize(Number(e.target.value))}
        inputProps={{ 'aria-labelledby': labelId }}
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect>
      <Typography variant="body2" aria-live="polite">
        {t('grid.displayedRows', { from, to, count })}
      </Typography>
      <span>
        <IconButton size="small" onClick={() => onPage(0)} disabled={page === 0} aria-label={t('grid.firstPage')}>
          <FirstPage sx={flip} />
        </IconButton>
        <IconButton
          size="small"
          onClick={() => onPage(page - 1)}
          disabled={page === 0}
          aria-label={t('grid.previousPage')}
        >
          <ChevronLeft sx={flip} />
        </IconButton>
        <IconButton
          size="small"
          onClick={() => onPage(page + 1)}
          disabled={page >= last}
          aria-label={t('grid.nextPage')}
        >
          <ChevronRight sx={flip} />
        </IconButton>
        <IconButton size="small" onClick={() => onPage(last)} disabled={page >= last} aria-label={t('grid.lastPage')}>
          <LastPage sx={flip} />
        </IconButton>
      </span>
    </Stack>
  );
}
