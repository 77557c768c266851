import { useParams } from 'react-router';
import { AccountConnectorsScreen } from './components/account-connectors-screen';
import { AgentConnectorsScreen } from './components/agent-connectors-screen';
import { CampaignsScreen } from './components/campaigns-screen';
import { GlobalConnectorsScreen } from './components/global-connectors-screen';
import { areaCatalogues } from '../../locales/areas';

/** /globalSettings/connectors/list */
export const GlobalConnectorsRoute = () => <GlobalConnectorsScreen />;
/** /agentSettings/connectors/list */
export const AgentConnectorsRoute = () => <AgentConnectorsScreen />;
/** /campaigns/list */
export const CampaignsRoute = () => <CampaignsScreen />;

/** /accounts/{accountId}/connectors/list; the key resets the screen per account. */
export function AccountConnectorsRoute() {
  const n = Number(useParams().accountId);
  if (!Number.isInteger(n) || n <= 0) return null;
  return <AccountConnectorsScreen key={n} accountId={n} />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('connectors');
