import type { ExchangeRateView, ImportReport, RatesPage } from '@server/modules/exchange-rates/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { ExchangeRateView, ImportReport, RatesPage };
export type RatePayload = RequestOf<'ExchangeRatesService', 'SaveExchangeRate'>['exchangeRate'];
export type RatesFilter = Omit<RequestOf<'ExchangeRatesService', 'GetExchangeRatesList'>, 'pageSize' | 'nextToken'>;

/** lambdas/modules/exchange-rates/rates.ts MAX_IMPORT_BYTES: a larger file is refused before it is sent. */
export const MAX_IMPORT_BYTES = 200 * 1024;
export const PAGE_SIZE = 100;

/** Exchange rates are company settings: no account in the path, so no x-account-id. */
export function fetchRatesPage(filter: RatesFilter, nextToken: string | null, signal?: AbortSignal) {
  return callApi(
    'ExchangeRatesService',
    'GetExchangeRatesList',
    { ...filter, pageSize: PAGE_SIZE, nextToken },
    { signal },
  );
}

export function saveRate(exchangeRate: RatePayload) {
  return callApi('ExchangeRatesService', 'SaveExchangeRate', { exchangeRate });
}

export function deleteRate(key: Pick<ExchangeRateView, 'Date' | 'From' | 'To'>) {
  return callApi('ExchangeRatesService', 'DeleteExchangeRate', { Date: key.Date, From: key.From, To: key.To });
}

export function importRates(csv: string) {
  return callApi('ExchangeRatesService', 'ImportExchangeRates', { csv });
}
