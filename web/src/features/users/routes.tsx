import { UserScreen } from './components/user-screen';
import { UsersScreen } from './components/users-screen';
import usersEn from '../../locales/users.en.json';
import usersHe from '../../locales/users.he.json';

/** /Users/list */
export function UsersRoute() {
  return <UsersScreen />;
}

/** /users/:id/maint */
export function UserRoute() {
  return <UserScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { users: { he: usersHe, en: usersEn } };
