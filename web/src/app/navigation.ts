import { MENU_ICONS } from '../components/menu-icons';
import type { MenuItem, Navigation, TitledScreen } from '../features/layout/navigation';
import type { Feature, FeatureRoute, MenuEntry, MenuGroupId } from '../lib/feature';
import { loadFeatureStrings } from './feature-strings';

/** The side menu's groups, in order; Global Settings is for system administrators. */
const GROUPS: { id: MenuGroupId; systemAdminOnly?: true }[] = [
  { id: 'campaignManagement' },
  { id: 'settings' },
  { id: 'globalSettings', systemAdminOnly: true },
];

type Entry = { route: FeatureRoute; menu: MenuEntry };

/** A menu entry leads to its route and needs what the route needs (its guard and the menu agree by construction). */
const itemOf = ({ route, menu }: Entry): MenuItem => ({
  id: menu.id,
  title: `menu.${menu.id}`,
  type: 'item',
  url: route.path,
  icon: MENU_ICONS[menu.icon],
  ...(route.access?.anyOf ? { requeredPermission: route.access.anyOf } : {}),
  ...(route.access?.systemAdmin ? { systemAdminOnly: true } : {}),
  ...(route.access?.staff ? { staffOnly: true } : {}),
  ...(menu.badge ? { badge: menu.badge } : {}),
});

/** The menu, the screens' titles and the account area's breadcrumb labels of these features, for the layout. */
export function navigationOf(features: readonly Feature[]): Navigation {
  const routes = features.flatMap((f) => f.routes.filter((r) => !r.guest));
  const entries = routes.flatMap((route): Entry[] => (route.menu ? [{ route, menu: route.menu }] : []));
  const menu = GROUPS.flatMap((g): MenuItem[] => {
    const children = entries
      .filter((e) => e.menu.group === g.id)
      .sort((a, b) => a.menu.order - b.menu.order)
      .map(itemOf);
    return children.length
      ? [
          {
            id: g.id,
            title: `menu.${g.id}`,
            type: 'group',
            ...(g.systemAdminOnly ? { systemAdminOnly: true } : {}),
            children,
          },
        ]
      : [];
  });
  const screens = routes.flatMap((r): TitledScreen[] => {
    const title = r.title ?? (r.menu ? `menu.${r.menu.id}` : undefined);
    return title ? [{ path: r.path, title, ...(r.parent ? { parent: r.parent } : {}) }] : [];
  });
  const accountScreens = Object.fromEntries(
    features.flatMap((f) =>
      Object.entries(f.breadcrumbs ?? {}).map(([segment, title]) => [segment.toLowerCase(), title]),
    ),
  );
  // An app-bar widget is on every signed-in screen: its strings come with it, not with a route.
  const appBar = features.flatMap((f) => (f.appBar ? [() => loadFeatureStrings(f).then(f.appBar!)] : []));
  return { menu, screens, accountScreens, appBar };
}
