import { startCompanyExportFor } from '../jobs';
import { serviceHandler } from '../../../service-handler';
import { startCompanyExportRoute } from '../routes';

export const handler = serviceHandler(startCompanyExportRoute, ({ caller }) => startCompanyExportFor(caller));
