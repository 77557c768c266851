import { lazy, Suspense } from 'react';
import { ReportsScreen } from './components/reports-screen';
import { areaCatalogues } from '../../locales/areas';

const SchedulesScreen = lazy(() =>
  import('./components/schedules-screen').then((m) => ({ default: m.SchedulesScreen })),
);

/** /performance/list */
export const ReportsRoute = () => <ReportsScreen />;

/** /performance/schedules: its own chunk, loaded when visited. */
export const SchedulesRoute = () => (
  <Suspense fallback={null}>
    <SchedulesScreen />
  </Suspense>
);

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('reports');
