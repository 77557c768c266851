import reportsEn from '../../locales/reports.en.json';
import reportsHe from '../../locales/reports.he.json';
import { lazy, Suspense } from 'react';
import { ReportsScreen } from './components/reports-screen';

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

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { reports: { he: reportsHe, en: reportsEn } };
