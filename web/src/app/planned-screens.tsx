import { ComingSoon } from '../components/ui/coming-soon';
import type { Requirement } from '../lib/authorization';
import type { Feature, FeatureRoute } from '../lib/feature';

/** A screen that is not built yet: "coming soon" with its title, behind its route guard. */
const planned = (
  path: string,
  access: Requirement | undefined,
  titleKey: string,
  more: Partial<FeatureRoute> = {},
): FeatureRoute => ({
  path,
  access,
  // The placeholder is small and its parts are the sign-in screens' too, so it is not a chunk of its own.
  screen: async () =>
    function PlannedScreen() {
      return <ComingSoon titleKey={titleKey} />;
    },
  ...more,
});

/** planned()'s arguments of each screen still to build: none since AI analytics (features/ai-analytics). */
const PLANNED: readonly Parameters<typeof planned>[] = [];

/**
 * The screens of the route table that are not built yet, registered like a feature (app/features.ts)
 * so that their routes, menu entries and breadcrumbs come from the same list as the built ones. They
 * have no folder and no code of their own, and one list shows what is left to build; building one
 * moves its line into its feature's index.ts.
 */
export const plannedScreens: Feature = {
  id: 'planned',
  routes: PLANNED.map((args) => planned(...args)),
};
