/** @jest-environment jsdom */
import '../../testing/polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { HeadCell, SortableHeader } from './sortable-header';
import { TablePager } from './table-pager';

setUpScreenTests();

type Key = 'Name' | 'Budget';
const COLUMNS = [{ key: 'Name' as const }, { key: 'Budget' as const, numeric: true }];

function header(sort: { key: Key; dir: 'asc' | 'desc' }, onSort = jest.fn()) {
  renderWithProviders(
    <table>
      <SortableHeader<Key> columns={COLUMNS} sort={sort} onSort={onSort} label={(k) => `L-${k}`}>
        <HeadCell align="right">Actions</HeadCell>
      </SortableHeader>
    </table>,
  );
  return onSort;
}

describe('the plain sortable header', () => {
  it('names the sorted column and its direction to assistive technology, and only that one', () => {
    header({ key: 'Budget', dir: 'desc' });
    const cells = screen.getAllByRole('columnheader');
    expect(cells.map((c) => c.getAttribute('aria-sort'))).toEqual([null, 'descending', null]);
    expect(cells.map((c) => c.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    // Figures and the actions sit at the end of their column.
    expect(cells.map((c) => c.classList.contains('data-cell-right'))).toEqual([false, true, true]);
    const sorted = within(cells[1]).getByRole('button', { name: 'L-Budget' });
    expect(sorted.className).toBe('data-sort data-sort-desc data-sort-active');
    expect(within(cells[0]).getByRole('button').className).toBe('data-sort data-sort-asc');
  });

  it('sorts by the column whose button is pressed', () => {
    const onSort = header({ key: 'Name', dir: 'asc' });
    expect(screen.getAllByRole('columnheader')[0].getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'L-Budget' }));
    expect(onSort).toHaveBeenCalledWith('Budget');
  });
});

function pager(page: number, count = 25, pageSize = 10) {
  const onPage = jest.fn();
  const onPageSize = jest.fn();
  renderWithProviders(
    <TablePager count={count} page={page} pageSize={pageSize} onPage={onPage} onPageSize={onPageSize} />,
  );
  return { onPage, onPageSize };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the plain pager', () => {
  it('on the first page: the rows shown, back and first off, forward and last to their pages', () => {
    const { onPage } = pager(0);
    expect(screen.getByTestId('table-pager').querySelector('[aria-live="polite"]')?.textContent).toBe('1–10 of 25');
    expect([button('First page').disabled, button('Previous page').disabled]).toEqual([true, true]);
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Last page'));
    expect(onPage.mock.calls).toEqual([[1], [2]]);
  });

  it('on the last page: forward and last off, back and first to their pages', () => {
    const { onPage } = pager(2);
    expect(screen.getByTestId('table-pager').querySelector('[aria-live="polite"]')?.textContent).toBe('21–25 of 25');
    expect([button('Next page').disabled, button('Last page').disabled]).toEqual([true, true]);
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('First page'));
    expect(onPage.mock.calls).toEqual([[1], [0]]);
  });

  it('offers the page sizes, the current one among them, under its label', () => {
    const { onPageSize } = pager(0, 100, 30);
    const select = screen.getByRole('combobox', { name: 'Rows per page:' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '25', '30', '50', '100']);
    expect(select.value).toBe('30');
    fireEvent.change(select, { target: { value: '50' } });
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
});
