import { MainLayout } from '../../../features/layout/components/main-layout';
import { ServerDataProvider } from '../../server-data';

/** The signed-in shell (drawer, top bar, breadcrumbs) with the server reads' cache around every screen in it. */
export function SignedInLayout() {
  return (
    <ServerDataProvider>
      <MainLayout />
    </ServerDataProvider>
  );
}
