import { useMemo } from 'react';
import { MainLayout } from '../../../features/layout/components/main-layout';
import type { Feature } from '../../../lib/feature';
import { navigationOf } from '../../navigation';
import { ServerDataProvider } from '../../server-data';

/**
 * The signed-in shell (drawer, top bar, breadcrumbs) with the server reads' cache around every
 * screen in it. The layout shows the features' menu entries and titles (navigation.ts): it is a
 * feature too, and may not import the others.
 */
export function SignedInLayout({ features }: { features: readonly Feature[] }) {
  const navigation = useMemo(() => navigationOf(features), [features]);
  return (
    <ServerDataProvider>
      <MainLayout navigation={navigation} />
    </ServerDataProvider>
  );
}
