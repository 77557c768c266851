import monitoringEn from '../../locales/monitoring.en.json';
import monitoringHe from '../../locales/monitoring.he.json';
import { MonitoringScreen } from './components/monitoring-screen';

/** /systemMonitoring */
export const MonitoringRoute = () => <MonitoringScreen />;

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { monitoring: { he: monitoringHe, en: monitoringEn } };
