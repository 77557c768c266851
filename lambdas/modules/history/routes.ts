import { getItemHistory } from './schemas';
import type { ItemHistoryPage } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * AuditService: an item's history, read from the audit entries every change writes.
 * Agency staff only (a client user's view of an account is its approved plans, not who edited what);
 * the account header is optional for company settings and required by the domain for an account's
 * items, which are checked the way their own reads check them (modules/history/item-history.ts).
 */
export const getItemHistoryRoute = /* @__PURE__ */ route({
  service: 'AuditService',
  method: 'GetItemHistory',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getItemHistory,
  reply: replyOf<ItemHistoryPage>,
  summary:
    "An item's history, newest first, paginated: who (by name), when, what was done and the fields it changed (before → after)",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const AUDIT_SERVICE_ROUTES = [getItemHistoryRoute] as const;
