import { TemplatesScreen } from './components/templates-screen';
import templatesEn from '../../locales/templates.en.json';
import templatesHe from '../../locales/templates.he.json';
import channelTypesEn from '../../locales/channelTypes.en.json';
import channelTypesHe from '../../locales/channelTypes.he.json';
import { HISTORY_CATALOGUES } from '../../components/history/history-strings';

/** /templates/list */
export function TemplatesRoute() {
  return <TemplatesScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = {
  templates: { he: templatesHe, en: templatesEn },
  channelTypes: { he: channelTypesHe, en: channelTypesEn },
  ...HISTORY_CATALOGUES,
};
