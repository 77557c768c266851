import { ACCESS, RequirePermission } from '../../../lib/authorization';
import { CustomColumnsScreen } from '../../../features/custom-columns/components/custom-columns-screen';
import customColumnsEn from '../../../locales/customColumns.en.json';
import customColumnsHe from '../../../locales/customColumns.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: customColumnsHe, en: customColumnsEn });

/** /customColumns/list (GeneralSettings). */
export function CustomColumnsRoute() {
  return <RequirePermission {...ACCESS.generalSettings}><CustomColumnsScreen /></RequirePermission>;
}

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
