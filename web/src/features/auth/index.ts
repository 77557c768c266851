import type { Feature } from '../../lib/feature';

/**
 * Signing in (the only screens that load Amplify, each its own chunk) and the signed-in user's
 * profile.
 */
export const auth: Feature = {
  id: 'auth',
  routes: [
    { path: '/login', guest: true, screen: () => import('./components/login-screen').then((m) => m.LoginScreen) },
    {
      path: '/register',
      guest: true,
      screen: () => import('./components/register-screen').then((m) => m.RegisterScreen),
    },
    { path: '/forgot', guest: true, screen: () => import('./components/forgot-screen').then((m) => m.ForgotScreen) },
    {
      path: '/user/account-profile/profile2',
      title: 'layout.userProfile',
      screen: () => import('./routes').then((m) => m.ProfileRoute),
      openedFrom: ['layout'],
    },
  ],
  // Not from './routes' (the profile's chunk, which the build ties to the signed-in layout): the
  // sign-in screens load the strings alone.
  catalogues: () => import('../../locales/early/auth').then((m) => ({ auth: m.AUTH_FILES })),
};
