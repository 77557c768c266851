import { checkFormula } from '../columns';
import { serviceHandler } from '../../../service-handler';
import { checkFormulaRoute } from '../routes';

export const handler = serviceHandler(checkFormulaRoute, async ({ input }) => checkFormula(input.formula, input.scope));
