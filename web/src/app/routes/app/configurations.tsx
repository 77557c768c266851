import { ACCESS, RequirePermission } from '../../../lib/authorization';
import { ConfigurationsScreen } from '../../../features/configurations/components/configurations-screen';
import configurationsEn from '../../../locales/configurations.en.json';
import configurationsHe from '../../../locales/configurations.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: configurationsHe, en: configurationsEn });

/** /agentSettings/configurations (GeneralSettings). */
export function ConfigurationsRoute() {
  return <RequirePermission {...ACCESS.generalSettings}><ConfigurationsScreen /></RequirePermission>;
}

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
