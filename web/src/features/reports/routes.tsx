import { lazy, Suspense } from 'react';
import { ReportsScreen } from './components/reports-screen';
import { areaCatalogues } from '../../locales/areas';

const SchedulesScreen = lazy(() =>
  import('./components/schedules-screen').then((m) => ({ default: m.SchedulesScreen })),
);

const MarginScreen = lazy(() => import('./components/margin-screen').then((m) => ({ default: m.MarginScreen })));

/** /performance/list */
export const ReportsRoute = () => <ReportsScreen />;

/** /performance/schedules: its own chunk, loaded when visited. */
export const SchedulesRoute = () => (
  <Suspense fallback={null}>
    <SchedulesScreen />
  </Suspense>
);

/** /performance/margin: its own chunk, loaded when visited. */
export const MarginRoute = () => (
  <Suspense fallback={null}>
    <MarginScreen />
  </Suspense>
);

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('reports');
