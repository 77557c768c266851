import { previewNamingRuleFor } from '../naming-rule-preview';
import { serviceHandler } from '../../../service-handler';
import { previewNamingRuleRoute } from '../routes';

export const handler = serviceHandler(previewNamingRuleRoute, ({ input, caller, accountId }) =>
  previewNamingRuleFor(caller, accountId, input.accountConnector),
);
