import { checkFormula } from '../domain/custom-columns';
import { serviceHandler } from '../service-handler';
import { checkFormulaRoute } from '../routes/custom-columns-service';

export const handler = serviceHandler(checkFormulaRoute, async ({ input }) => checkFormula(input.formula, input.scope));
