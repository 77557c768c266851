import { getCompanyLogoFor } from '../logo';
import { serviceHandler } from '../../../service-handler';
import { getCompanyLogoRoute } from '../routes';

export const handler = serviceHandler(getCompanyLogoRoute, ({ caller }) => getCompanyLogoFor(caller));
