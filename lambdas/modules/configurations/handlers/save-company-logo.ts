import { saveCompanyLogoFor } from '../logo';
import { serviceHandler } from '../../../service-handler';
import { saveCompanyLogoRoute } from '../routes';

export const handler = serviceHandler(saveCompanyLogoRoute, ({ input, caller }) => saveCompanyLogoFor(caller, input));
