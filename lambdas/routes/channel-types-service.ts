import { getChannelTypesList, saveChannelType } from '../schemas/channel-types';
import type { ChannelType } from '../shared/replies/channel-types';
import type { ListOf } from '../shared/replies/reply';
import { replyOf, route } from '../kit/route';

/**
 * The global channel-type catalogue (platform data, system administrators). Its inline edit,
 * AccountsService.UpdateChannelTypesField, and the account copies live in routes/accounts-service.ts
 * because the API names them there.
 */
export const getChannelTypesListRoute = /* @__PURE__ */ route({
  // 'optional': the catalogue is platform-wide; when the page names its account, the kit checks it.
  service: 'ChannelTypesService',
  method: 'GetChannelTypesList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  input: getChannelTypesList,
  reply: replyOf<ListOf<ChannelType>>,
  summary: 'The global channel-type catalogue by group and name, retired types (Active false) included',
});

export const saveChannelTypeRoute = /* @__PURE__ */ route({
  service: 'ChannelTypesService',
  method: 'SaveChannelType',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: saveChannelType,
  reply: replyOf<ChannelType>,
  summary: 'Creates (ID <= 0) or updates a global channel type; names are unique in the catalogue',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CHANNEL_TYPES_SERVICE_ROUTES = [getChannelTypesListRoute, saveChannelTypeRoute] as const;
