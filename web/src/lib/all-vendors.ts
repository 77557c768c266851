import type { Vendor, VendorsPage } from '@server/modules/vendors/replies';
import { callApi } from './api-client';
import { apiQuery, queryKeyOf } from './api-query';

/** Every vendor of the company, active and archived (a line or an order may keep an archived one), page after page. */
async function allVendors(signal: AbortSignal): Promise<Vendor[]> {
  const out: Vendor[] = [];
  for (const archived of [false, true]) {
    let nextToken: string | null = null;
    do {
      const page: VendorsPage = await callApi(
        'VendorsService',
        'GetVendorsList',
        { archived, pageSize: 500, nextToken },
        { signal },
      );
      out.push(...page.Items);
      nextToken = page.NextToken;
    } while (nextToken);
  }
  return out;
}

/** The company's vendors for names and filters (agency staff), one cache entry for every screen that shows them. */
export const allVendorsQuery = () =>
  apiQuery([...queryKeyOf('VendorsService', 'GetVendorsList', { pageSize: 500 }), 'every'], allVendors);
