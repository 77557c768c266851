import reportsEn from '../../locales/reports.en.json';
import reportsHe from '../../locales/reports.he.json';
import { ReportsScreen } from './components/reports-screen';

/** /performance/list */
export const ReportsRoute = () => <ReportsScreen />;

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { reports: { he: reportsHe, en: reportsEn } };
