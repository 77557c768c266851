import { UserScreen } from './components/user-screen';
import { UsersScreen } from './components/users-screen';
import { areaCatalogues } from '../../locales/areas';

/** /Users/list */
export function UsersRoute() {
  return <UsersScreen />;
}

/** /users/:id/maint */
export function UserRoute() {
  return <UserScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('users');
