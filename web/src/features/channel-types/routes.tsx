import { useParams } from 'react-router';
import { AccountChannelTypesScreen } from './components/account-channel-types-screen';
import { GlobalChannelTypesScreen } from './components/global-channel-types-screen';
import channelTypesEn from '../../locales/channelTypes.en.json';
import channelTypesHe from '../../locales/channelTypes.he.json';
import { HISTORY_CATALOGUES } from '../../components/history/history-strings';

/** /accounts/{accountId}/channelTypes/list */
export function AccountChannelTypesRoute() {
  const id = Number(useParams().accountId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return <AccountChannelTypesScreen key={id} accountId={id} />;
}

/** /globalSettings/channelTypes/list */
export function GlobalChannelTypesRoute() {
  return <GlobalChannelTypesScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { channelTypes: { he: channelTypesHe, en: channelTypesEn }, ...HISTORY_CATALOGUES };
