import { saveAccountFor } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'UpdateAccount', ({ input, caller, accountId }) => saveAccountFor(caller, input, accountId, 'update'));
