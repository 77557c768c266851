import { deleteCompanyFor } from '../jobs';
import { serviceHandler } from '../../../service-handler';
import { deleteCompanyRoute } from '../routes';

export const handler = serviceHandler(deleteCompanyRoute, ({ input, caller }) => deleteCompanyFor(caller, input));
