import { checkFormula, customColumnIdInput, getCustomColumnsList, saveCustomColumn } from '../schemas/custom-columns';
import type { CustomColumn, FormulaCheck } from '../shared/replies/custom-columns';
import type { ListOf } from '../shared/replies/reply';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

/**
 * Custom (formula) columns: company-wide settings. accountScope 'optional' as for templates: the
 * columns belong to the company; a page's account, when sent, is checked.
 */
export const CUSTOM_COLUMNS_SERVICE_ROUTES = [
  route({
    service: 'CustomColumnsService', method: 'GetCustomColumnsList', access: 'read', requires: REQUIRES.signedIn, accountScope: 'optional',
    input: getCustomColumnsList,
    reply: replyOf<ListOf<CustomColumn>>(),
    summary: "The company's active custom columns (archived: true, the archived ones) of one scope or both; client users get the media plan columns only",
  }),
  route({
    service: 'CustomColumnsService', method: 'SaveCustomColumn', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: saveCustomColumn,
    reply: replyOf<CustomColumn>(),
    summary: 'Creates (ID <= 0) or updates a column; the formula is parsed against its scope\'s metric names',
  }),
  route({
    service: 'CustomColumnsService', method: 'DeleteCustomColumn', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: customColumnIdInput,
    reply: replyOf<CustomColumn>(),
    summary: 'Archives a column; its name can be used again',
  }),
  route({
    service: 'CustomColumnsService', method: 'RestoreCustomColumn', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: customColumnIdInput,
    reply: replyOf<CustomColumn>(),
    summary: "Brings an archived column back: 409 if its formula no longer parses against its scope's metric names or an active column has taken its name",
  }),
  route({
    service: 'CustomColumnsService', method: 'CheckFormula', access: 'read', requires: REQUIRES.staff, accountScope: 'optional',
    input: checkFormula,
    reply: replyOf<FormulaCheck>(),
    summary: 'Live formula check for the console: { Valid, Message, Position, Names }; a bad formula is an answer, not a 400',
  }),
] as const;
