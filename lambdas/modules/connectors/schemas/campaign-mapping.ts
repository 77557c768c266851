import { array, maxLength, minLength, object } from 'zod/mini';
import { id } from '../../../shared/schema-fields';

/** ConnectorsService's campaign-mapping reads. */

/** GetMappableLines: the page's account (x-account-id) says whose plan lines. */
export const getMappableLines = object({});

/** The most lines one GetLineActuals reads (a page of campaigns is 50). */
export const MAX_ACTUALS_LINES = 100;

/** GetLineActuals: plan lines of the page's account (or of its main account, for a sub-account). */
export const getLineActuals = object({
  lineIds: array(id()).check(minLength(1), maxLength(MAX_ACTUALS_LINES)),
});
