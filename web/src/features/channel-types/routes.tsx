import { useParams } from 'react-router';
import { AccountChannelTypesScreen } from './components/account-channel-types-screen';
import { GlobalChannelTypesScreen } from './components/global-channel-types-screen';
import { areaCatalogues } from '../../locales/areas';

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

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('channelTypes', 'history');
