import { MonitoringScreen } from './components/monitoring-screen';
import { areaCatalogues } from '../../locales/areas';

/** /systemMonitoring */
export const MonitoringRoute = () => <MonitoringScreen />;

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('monitoring');
