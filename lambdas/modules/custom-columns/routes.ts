import { checkFormula, customColumnIdInput, getCustomColumnsList, saveCustomColumn } from './schemas';
import type { CustomColumn, FormulaCheck } from './replies';
import type { ListOf } from '../../shared/replies/reply';
import { replyOf, route } from '../../kit/route';

/**
 * Custom (formula) columns: company-wide settings. accountScope 'optional' as for templates: the
 * columns belong to the company; a page's account, when sent, is checked.
 */
export const getCustomColumnsListRoute = /* @__PURE__ */ route({
  service: 'CustomColumnsService',
  method: 'GetCustomColumnsList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  input: getCustomColumnsList,
  reply: replyOf<ListOf<CustomColumn>>,
  summary:
    "The company's active custom columns (archived: true, the archived ones) of one scope or both; client users get the media plan columns only",
});

export const saveCustomColumnRoute = /* @__PURE__ */ route({
  service: 'CustomColumnsService',
  method: 'SaveCustomColumn',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: saveCustomColumn,
  reply: replyOf<CustomColumn>,
  summary: "Creates (ID <= 0) or updates a column; the formula is parsed against its scope's metric names",
});

export const deleteCustomColumnRoute = /* @__PURE__ */ route({
  service: 'CustomColumnsService',
  method: 'DeleteCustomColumn',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: customColumnIdInput,
  reply: replyOf<CustomColumn>,
  summary: 'Archives a column; its name can be used again',
});

export const restoreCustomColumnRoute = /* @__PURE__ */ route({
  service: 'CustomColumnsService',
  method: 'RestoreCustomColumn',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: customColumnIdInput,
  reply: replyOf<CustomColumn>,
  summary:
    "Brings an archived column back: 409 if its formula no longer parses against its scope's metric names or an active column has taken its name",
});

export const checkFormulaRoute = /* @__PURE__ */ route({
  service: 'CustomColumnsService',
  method: 'CheckFormula',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: checkFormula,
  reply: replyOf<FormulaCheck>,
  summary:
    'Live formula check for the console: { Valid, Message, Position, Names }; a bad formula is an answer, not a 400',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CUSTOM_COLUMNS_SERVICE_ROUTES = [
  getCustomColumnsListRoute,
  saveCustomColumnRoute,
  deleteCustomColumnRoute,
  restoreCustomColumnRoute,
  checkFormulaRoute,
] as const;
