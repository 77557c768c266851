/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { i18n } from '../../../lib/i18n';
import { inHebrew, inLocale } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ExchangeRateView } from '../api/exchange-rates-api';
import { ExchangeRatesScreen } from './exchange-rates-screen';

const rate = (Date: string, Rate: number, extra: Partial<ExchangeRateView> = {}): ExchangeRateView => ({
  Date,
  From: 'USD',
  To: 'ILS',
  Rate,
  Source: 'manual',
  Archived: false,
  version: 1,
  createdAt: '',
  createdBy: '',
  updatedAt: '2026-03-01T10:00:00Z',
  updatedBy: '',
  ...extra,
});

/** ImportExchangeRates refusing a file as the server does: CSV_LINE_INVALID, the first problem in its params, each line's problem in ErrorIssues. */
const refusedLines = () => ({
  status: 400,
  json: {
    Success: false,
    ErrorMessage:
      'csv: line 3: rate must be a positive number; line 4: to must differ from from (USD); line 5: repeats line 2 (2026-03-01 USD to ILS) (and 2 more)',
    ErrorCode: 'CSV_LINE_INVALID',
    ErrorParams: {
      line: 3,
      column: 'rate',
      reason: 'POSITIVE_NUMBER',
      detail: 'rate must be a positive number',
      count: 5,
    },
    ErrorIssues: [
      {
        line: 3,
        field: 'rate',
        code: 'POSITIVE_NUMBER',
        params: { reason: 'POSITIVE_NUMBER', column: 'rate', detail: 'rate must be a positive number' },
      },
      {
        line: 4,
        field: 'to',
        code: 'SAME_CURRENCY',
        params: { reason: 'SAME_CURRENCY', column: 'to', other: 'from', detail: 'to must differ from from (USD)' },
      },
      {
        line: 5,
        code: 'CSV_REPEATED_ROW',
        params: {
          reason: 'CSV_REPEATED_ROW',
          first: 2,
          other: '2026-03-01 USD to ILS',
          detail: 'repeats line 2 (2026-03-01 USD to ILS)',
        },
      },
    ],
  },
});
/** A text without bidi isolates (the Hebrew catalogue may wrap values in them): what the user reads. */
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const CSV =
  'date,from,to,rate\n2026-03-01,USD,ILS,3.65\n2026-03-02,USD,ILS,-1\n2026-03-02,USD,USD,1\n2026-03-01,USD,ILS,3.6\n';
const pickCsv = () =>
  fireEvent.change(screen.getByTestId('import-file'), {
    target: { files: [new File([CSV], 'rates.csv', { type: 'text/csv' })] },
  });

describe('<ExchangeRatesScreen>', () => {
  setUpScreenTests({ quiet: true });
  const lastBody = (api: jest.Mock, method: string) => lastCall(api, method)?.body ?? null;

  it('lists rates, filters by pair on the server and loads more pages', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ExchangeRatesService/GetExchangeRatesList': (b) =>
        ok(
          b.nextToken
            ? { Items: [rate('2026-02-01', 3.61)], NextToken: null }
            : { Items: [rate('2026-03-01', 3.654321, { Source: 'import' })], NextToken: 'next' },
        ),
    });
    renderWithProviders(<ExchangeRatesScreen />);
    const row = (await screen.findByText('3.654321')).closest('tr') as HTMLElement;
    // One row, its pair, rate and source each in a cell.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['USD → ILS', '3.654321', 'Import']));
    fireEvent.click(screen.getByTestId('more-rates'));
    await screen.findByText('3.61');
    expect(screen.queryByTestId('more-rates')).toBeNull();
    fireEvent.change(document.querySelector('input[name="from"]') as Element, { target: { value: 'eur' } });
    await waitFor(() =>
      expect(lastBody(api, 'GetExchangeRatesList')).toMatchObject({ from: 'EUR', to: '', nextToken: null }),
    );
  });

  it("imports a CSV file and lists the server's line problems when it is refused", async () => {
    signInAs(PROFILES.admin);
    let refuse = true;
    const api = mockApi({
      'ExchangeRatesService/GetExchangeRatesList': () => ok({ Items: [], NextToken: null }),
      'ExchangeRatesService/ImportExchangeRates': () => (refuse ? refusedLines() : ok({ Imported: 2, Replaced: 1 })),
    });
    renderWithProviders(<ExchangeRatesScreen />);
    await screen.findByTestId('rates-empty');
    pickCsv();
    const box = await screen.findByTestId('import-errors');
    expect(box.textContent).toMatch(/^rates\.csv was not imported/);
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '5 problems in the file, nothing was imported. First, line 3: rate: must be a positive number',
      'Line 3: rate: must be a positive number',
      'Line 4: to: must differ from from',
      'Line 5: repeats line 2 (2026-03-01 USD to ILS)',
      '…and 2 more',
    ]);
    expect(lastBody(api, 'ImportExchangeRates')).toEqual({ csv: CSV });

    refuse = false;
    pickCsv();
    await screen.findByText('2 rates imported (1 replaced)');
    expect(screen.queryByTestId('import-errors')).toBeNull();
  });

  it('in Hebrew, each wrong line is listed in Hebrew under the Hebrew headline: no server English', async () => {
    signInAs(PROFILES.admin);
    mockApi({
      'ExchangeRatesService/GetExchangeRatesList': () => ok({ Items: [], NextToken: null }),
      'ExchangeRatesService/ImportExchangeRates': refusedLines,
    });
    await inHebrew(async () => {
      renderWithProviders(<ExchangeRatesScreen />);
      await screen.findByTestId('rates-empty');
      pickCsv();
      const box = await screen.findByTestId('import-errors');
      const items = within(box)
        .getAllByRole('listitem')
        .map((li) => plain(li.textContent ?? ''));
      expect(items).toEqual([
        'נמצאו בקובץ 5 בעיות, ודבר לא יובא. הראשונה בשורה 3: rate: צריך להיות מספר חיובי',
        'שורה 3: rate: צריך להיות מספר חיובי',
        'שורה 4: to: צריך להיות שונה מ-from',
        'שורה 5: חוזרת על שורה 2 (2026-03-01 USD to ILS)',
        '…ועוד 2',
      ]);
      // Nothing of the server's English sentences is listed.
      expect(items.filter((l) => /must|differ from|repeats line/.test(l))).toEqual([]);
    });
  });

  it('refuses a file over 200 kB without sending it', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'ExchangeRatesService/GetExchangeRatesList': () => ok({ Items: [], NextToken: null }) });
    renderWithProviders(<ExchangeRatesScreen />);
    await screen.findByTestId('rates-empty');
    fireEvent.change(screen.getByTestId('import-file'), {
      target: { files: [new File(['x'.repeat(201 * 1024)], 'big.csv')] },
    });
    expect((await screen.findByTestId('import-errors')).textContent).toContain(
      'The file is 201 kB; the most is 200 kB',
    );
    expect(callsTo(api, 'ImportExchangeRates')).toHaveLength(0);
  });

  it('edits a rate with its version and deletes one after confirmation', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ExchangeRatesService/GetExchangeRatesList': () =>
        ok({ Items: [rate('2026-03-01', 3.65, { version: 4 })], NextToken: null }),
      'ExchangeRatesService/SaveExchangeRate': (b) => ok(b.exchangeRate),
      'ExchangeRatesService/DeleteExchangeRate': (b) => ok(b),
    });
    renderWithProviders(<ExchangeRatesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit USD/ILS 2026-03-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit exchange rate' });
    expect((dialog.querySelector('input[name="From"]') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(dialog.querySelector('input[name="Rate"]') as Element, { target: { value: '3.7' } });
    const listed = callsTo(api, 'GetExchangeRatesList').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    expect(lastBody(api, 'SaveExchangeRate')).toEqual({
      exchangeRate: { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: 3.7, version: 4 },
    });
    // The write marks the cached list out of date: the one on screen is read again, once.
    await waitFor(() => expect(callsTo(api, 'GetExchangeRatesList')).toHaveLength(listed + 1));

    fireEvent.click(screen.getByRole('button', { name: 'Delete USD/ILS 2026-03-01' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete exchange rate?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('Successfully deleted');
    expect(lastBody(api, 'DeleteExchangeRate')).toEqual({ Date: '2026-03-01', From: 'USD', To: 'ILS' });
  });

  it('in French, a rate is typed with a decimal comma: the API gets the number, and the field shows it back so', async () => {
    signInAs(PROFILES.admin);
    let saved = rate('2026-03-01', 3.65, { version: 4 });
    const api = mockApi({
      'ExchangeRatesService/GetExchangeRatesList': () => ok({ Items: [saved], NextToken: null }),
      'ExchangeRatesService/SaveExchangeRate': (b) => {
        saved = { ...saved, ...(b.exchangeRate as Partial<ExchangeRateView>), version: saved.version + 1 };
        return ok(saved);
      },
    });
    await inLocale('fr', async () => {
      renderWithProviders(<ExchangeRatesScreen />);
      const openEdit = async () => {
        fireEvent.click(await screen.findByRole('button', { name: `${i18n.t('common.edit')} USD/ILS 2026-03-01` }));
        const dialog = await screen.findByRole('dialog');
        return { dialog, input: dialog.querySelector('input[name="Rate"]') as HTMLInputElement };
      };
      const first = await openEdit();
      expect(first.input.value).toBe('3,65');
      // A dot is no decimal separator in French: refused on the field in French, nothing sent.
      fireEvent.change(first.input, { target: { value: '3.7' } });
      fireEvent.submit(first.dialog.querySelector('form') as HTMLFormElement);
      await waitFor(() => expect(first.input.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(first.input.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
        'nombre',
      );
      expect(callsTo(api, 'SaveExchangeRate')).toHaveLength(0);

      fireEvent.change(first.input, { target: { value: '3,725' } });
      fireEvent.submit(first.dialog.querySelector('form') as HTMLFormElement);
      await waitFor(() => expect(callsTo(api, 'SaveExchangeRate')).toHaveLength(1));
      expect(lastBody(api, 'SaveExchangeRate')).toEqual({
        exchangeRate: { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: 3.725, version: 4 },
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      const again = await openEdit();
      expect(again.input.value).toBe('3,725');
    });
  });
});
