import { ConfigurationsScreen } from './components/configurations-screen';
import configurationsEn from '../../locales/configurations.en.json';
import configurationsHe from '../../locales/configurations.he.json';
import { HISTORY_CATALOGUES } from '../../components/history/history-strings';

/** /agentSettings/configurations */
export function ConfigurationsRoute() {
  return <ConfigurationsScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { configurations: { he: configurationsHe, en: configurationsEn }, ...HISTORY_CATALOGUES };
