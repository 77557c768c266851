import { previewNamingRuleFor } from '../domain/naming-rule-preview';
import { serviceHandler } from '../service-handler';
import { previewNamingRuleRoute } from '../routes/connectors-service';

export const handler = serviceHandler(previewNamingRuleRoute, ({ input, caller, accountId }) =>
  previewNamingRuleFor(caller, accountId, input.accountConnector),
);
