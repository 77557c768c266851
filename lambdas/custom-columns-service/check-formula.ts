import { checkFormula } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('CustomColumnsService', 'CheckFormula', async ({ input }) => checkFormula(input.formula, input.scope));
