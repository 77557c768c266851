// Named imports, not the `z` namespace (see fields.ts).
import { enum as oneOf, maxLength, minLength, object, string } from 'zod/mini';
import { HISTORY_ENTITIES } from './replies';
import { matches, nextToken, pageSize, preprocess } from '../../shared/schema-fields';

/**
 * An item's id as its kind names it: a number for most (sent as a number or its spelling), a
 * Cognito sub for a user, `FROM-TO-YYYY-MM-DD` for an exchange rate. The domain reads it per kind.
 */
export const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9._@:-]*$/;

/** GetItemHistory: one page of an item's history, newest first. */
export const getItemHistory = object({
  entity: oneOf(HISTORY_ENTITIES),
  id: preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    string().check(minLength(1, 'is required'), maxLength(64), matches(ITEM_ID, 'INVALID')),
  ),
  pageSize: pageSize(),
  nextToken: nextToken(),
});
