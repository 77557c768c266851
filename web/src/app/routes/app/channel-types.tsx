import { useParams } from 'react-router';
import { ACCESS, RequirePermission } from '../../../lib/authorization';
import { AccountChannelTypesScreen } from '../../../features/channel-types/components/account-channel-types-screen';
import { GlobalChannelTypesScreen } from '../../../features/channel-types/components/global-channel-types-screen';
import channelTypesEn from '../../../locales/channelTypes.en.json';
import channelTypesHe from '../../../locales/channelTypes.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: channelTypesHe, en: channelTypesEn });

/** /accounts/{accountId}/channelTypes/list */
export function AccountChannelTypesRoute() {
  const id = Number(useParams().accountId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <AccountChannelTypesScreen key={id} accountId={id} />;
}

/** /globalSettings/channelTypes/list (system administrators). */
export function GlobalChannelTypesRoute() {
  return <RequirePermission {...ACCESS.systemAdmin}><GlobalChannelTypesScreen /></RequirePermission>;
}

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
