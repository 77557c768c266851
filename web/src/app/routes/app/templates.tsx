import { ACCESS, RequirePermission } from '../../../lib/authorization';
import { TemplatesScreen } from '../../../features/templates/components/templates-screen';
import templatesEn from '../../../locales/templates.en.json';
import templatesHe from '../../../locales/templates.he.json';
import channelTypesEn from '../../../locales/channelTypes.en.json';
import channelTypesHe from '../../../locales/channelTypes.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: templatesHe, en: templatesEn });
installRouteStrings({ he: channelTypesHe, en: channelTypesEn });

/** /templates/list (GeneralSettings). */
export function TemplatesRoute() {
  return <RequirePermission {...ACCESS.generalSettings}><TemplatesScreen /></RequirePermission>;
}

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
