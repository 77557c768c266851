import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, useSession } from '../../lib/auth';

/** Signed-in screens: without a session, go to /login (and come back afterwards). */
export function AuthGuard() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login, /register, /forgot: a signed-in user is sent to their home (profile first without MFA). */
export function GuestGuard() {
  const session = useSession();
  if (session) return <Navigate to={homePathFor(session)} replace />;
  return <Outlet />;
}
