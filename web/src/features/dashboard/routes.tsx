import { Navigate, useSearchParams } from 'react-router';
import { ManagerDashboardScreen } from './components/manager-dashboard-screen';
import { PlannerHomeScreen } from './components/planner-home-screen';
import { areaCatalogues } from '../../locales/areas';

/** /dashboard/managerDashboard[?period=3|4] */
export function ManagerDashboardRoute() {
  const [params, setParams] = useSearchParams();
  const period = params.get('period') === '4' ? '4' : '3';
  return (
    <ManagerDashboardScreen
      period={period}
      onPeriod={(p) =>
        setParams(
          (was) => {
            // The margin tile's account (?account=) stays when the period changes.
            const next = new URLSearchParams(was);
            if (p === '3') next.delete('period');
            else next.set('period', p);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}

/** /dashboard/default: the planner's home. */
export const PlannerHomeRoute = () => <PlannerHomeScreen />;

/** /analytics opens Reports. */
export const AnalyticsRoute = () => <Navigate to="/performance/list" replace />;

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('dashboard');
