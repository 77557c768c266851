import { CustomColumnsScreen } from './components/custom-columns-screen';
import customColumnsEn from '../../locales/customColumns.en.json';
import customColumnsHe from '../../locales/customColumns.he.json';
import { HISTORY_CATALOGUES } from '../../components/history/history-strings';

/** /customColumns/list */
export function CustomColumnsRoute() {
  return <CustomColumnsScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { customColumns: { he: customColumnsHe, en: customColumnsEn }, ...HISTORY_CATALOGUES };
