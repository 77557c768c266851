import { deleteCompanyLogoFor } from '../logo';
import { serviceHandler } from '../../../service-handler';
import { deleteCompanyLogoRoute } from '../routes';

export const handler = serviceHandler(deleteCompanyLogoRoute, ({ caller }) => deleteCompanyLogoFor(caller));
