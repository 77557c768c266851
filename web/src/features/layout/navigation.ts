import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { Permission } from '../../lib/authorization';

/** A side-menu entry ("Menu item"); `requeredPermission` is spelled as the API's menu data spells it. */
export interface MenuItem {
  id: string;
  /** i18n key of the title. */
  title: string;
  caption?: string;
  type: 'group' | 'collapse' | 'item' | (string & {});
  url?: string;
  icon?: SvgIconComponent;
  chip?: { label: string; color?: 'default' | 'primary' | 'secondary' };
  external?: boolean;
  target?: boolean;
  disabled?: boolean;
  locked?: boolean;
  systemAdminOnly?: boolean;
  /** Agency staff only: hidden from client-only users (shared/policy.ts `staff`). */
  staffOnly?: boolean;
  requeredPermission?: readonly Permission[];
  /** Drawn after the title (lazy: rendered inside Suspense). */
  badge?: ComponentType;
  children?: MenuItem[];
}

/** A screen outside the account area with its title, for the breadcrumbs. */
export interface TitledScreen {
  /** A route path (`:param` segments match any value). */
  path: string;
  /** i18n key. */
  title: string;
  /** The path of the screen whose crumb comes first (a list before one of its items). */
  parent?: string;
}

/**
 * What the layout shows of the features it does not know: the app builds it from its list of
 * features (app/navigation.ts) and hands it to MainLayout, since no feature imports another.
 */
export interface Navigation {
  /** The side menu: groups of entries, each with the permissions it needs. */
  menu: readonly MenuItem[];
  screens: readonly TitledScreen[];
  /** Titles of the account area's screens by the path segment that names them, in lower case. */
  accountScreens: Readonly<Record<string, string>>;
  /** The features' app-bar widgets (Feature.appBar), each loaded with its strings; the top bar renders them lazily. */
  appBar?: readonly AppBarSlot[];
}

/** Loads one app-bar widget (and its strings). */
export type AppBarSlot = () => Promise<ComponentType>;
