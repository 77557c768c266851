import { _default } from 'zod/mini';
import { ANY_ACTIVITY_STATUS, isActivityStatus } from './activity-status';
import { int, rule } from './schema-fields';

/**
 * `activityStatus` of a list: -1 any, else one status 1..5. A module of its own because the accounts
 * list takes it too: importing it from modules/activities/schemas.ts built every activity schema in each
 * AccountsService function's cold init (a schema module's constants are all built at import).
 */
export const activityStatusFilter = () =>
  _default(
    int().check(rule((n: number) => n === ANY_ACTIVITY_STATUS || isActivityStatus(n), 'ACTIVITY_STATUS_OR_ANY')),
    ANY_ACTIVITY_STATUS,
  );
