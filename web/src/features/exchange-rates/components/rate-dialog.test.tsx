/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { verdicts } from '../../../testing/api-verdict';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { RATE_FORM, RateDialog } from './rate-dialog';
import type { RateForm } from './rate-form';
import { stripIsolates } from '../../../testing/bidi';

const valid: RateForm = { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: '3.654321' };

describe('the rate form refuses what SaveExchangeRate refuses (its own schema)', () => {
  it.each([
    ['a valid rate', 'accepted', {}],
    ['a pair outside the plan currencies, far from 1', 'accepted', { From: 'JPY', To: 'EUR', Rate: '5000' }],
    ['a lower-case code', 'FIELD_INVALID', { From: 'usd' }],
    ['the same currency twice', 'FIELD_INVALID', { To: 'USD' }],
    ['a zero rate', 'FIELD_INVALID', { Rate: '0' }],
    ['7 decimals', 'FIELD_INVALID', { Rate: '1.1234567' }],
    ['no rate', 'FIELD_REQUIRED', { Rate: '' }],
    ['a day the calendar lacks', 'FIELD_INVALID', { Date: '2026-02-30' }],
    // The old check accepted any rate up to 10,000,000; between plan currencies the API takes 0.01 to 100 only.
    ['USD to ILS at 3,654', 'FIELD_INVALID', { Rate: '3654' }],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form } = verdicts(RATE_FORM, { ...valid, ...patch }, 'ExchangeRatesService', 'SaveExchangeRate');
    expect(form).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch).at(-1));
  });
});

describe('<RateDialog>', () => {
  setUpScreenTests();
  const field = (name: string) => document.querySelector(`[role="dialog"] input[name="${name}"]`) as HTMLInputElement;
  const messageOf = (name: string) =>
    stripIsolates(document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent);

  it("a rate out of the plan currencies' bounds says them, and is not saved; codes are upper-cased as typed", async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<RateDialog initial={{ ...valid, Rate: '3654' }} onSave={onSave} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf('Rate')).toBe(
        'Rate is not valid: must be between 0.01 and 100 between plan currencies (USD, ILS)',
      ),
    );
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(field('To'), { target: { value: 'usd' } });
    expect(field('To').value).toBe('USD');
    fireEvent.change(field('Rate'), { target: { value: '3.65' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('To')).toBe('To is not valid: must differ from From'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('in Hebrew, the message names the field by its Hebrew label', async () => {
    await inHebrew(async () => {
      renderWithProviders(<RateDialog initial={{ ...valid, Rate: '' }} onSave={jest.fn()} onClose={() => undefined} />);
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(messageOf('Rate')).toBe('השדה שער הוא חובה.'));
    });
  });

  it('a rate the server refuses lands on the rate field', async () => {
    const refusal = new ApiError(
      400,
      'exchangeRate.Rate: must be at most 10000000',
      'ExchangeRatesService.SaveExchangeRate',
      {
        ErrorCode: 'FIELD_INVALID',
        ErrorParams: {
          field: 'exchangeRate.Rate',
          detail: 'must be at most 10000000',
          reason: 'AT_MOST',
          limit: 10_000_000,
        },
      },
    );
    renderWithProviders(
      <RateDialog
        initial={valid}
        onSave={jest.fn(async () => {
          throw refusal;
        })}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('Rate')).toBe('Rate is not valid: must be at most 10,000,000'));
  });
});
