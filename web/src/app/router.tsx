import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ui/coming-soon';
import { Loader } from '../components/ui/loader';
import { RequirePermission } from '../lib/authorization';
import { PLANNED_SCREENS } from './route-table';
import { AuthGuard, GuestGuard } from './routes/guards';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk: the sign-in route carries Amplify, the business routes do not. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => async () => ({ Component: pick(await load()) });

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loader />,
    children: [
      { path: '/', lazy: page(() => import('./routes/public/landing'), (m) => m.default) },
      { path: '/pages/landing', element: <Navigate to="/" replace /> },
      { path: '/pages/terms-of-service', lazy: page(() => import('./routes/public/info-page'), (m) => m.Terms) },
      { path: '/pages/privacy-policy', lazy: page(() => import('./routes/public/info-page'), (m) => m.Privacy) },
      { path: '/pages/contact-us', lazy: page(() => import('./routes/public/info-page'), (m) => m.Contact) },
      { path: '/pages/faqs', lazy: page(() => import('./routes/public/info-page'), (m) => m.Faqs) },
      { path: '/pages/error', lazy: page(() => import('./routes/public/status-page'), (m) => m.NotFound) },
      { path: '/forbidden', lazy: page(() => import('./routes/public/status-page'), (m) => m.Forbidden) },
      { path: '/forbidden1', element: <Navigate to="/forbidden" replace /> },
      {
        element: <GuestGuard />,
        children: [
          { path: '/login', lazy: page(() => import('../features/auth/components/login-screen'), (m) => m.LoginScreen) },
          { path: '/register', lazy: page(() => import('../features/auth/components/register-screen'), (m) => m.RegisterScreen) },
          { path: '/forgot', lazy: page(() => import('../features/auth/components/forgot-screen'), (m) => m.ForgotScreen) },
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          {
            lazy: page(() => import('./routes/app/signed-in-layout'), (m) => m.SignedInLayout),
            children: [
              { path: '/accounts/list', lazy: page(() => import('./routes/app/accounts'), (m) => m.AccountsRoute) },
              { path: '/accounts/:accountId/subAccounts/list', lazy: page(() => import('./routes/app/accounts'), (m) => m.SubAccountsRoute) },
              { path: '/user/account-profile/profile2', lazy: page(() => import('./routes/app/profile'), (m) => m.ProfileRoute) },
              { path: '/accounts/:accountId/activities/list', lazy: page(() => import('./routes/app/activities'), (m) => m.ActivitiesRoute) },
              { path: '/accounts/:accountId/subAccounts/:subAccountId/activities/list', lazy: page(() => import('./routes/app/activities'), (m) => m.SubAccountActivitiesRoute) },
              { path: '/accounts/:accountId/channelTypes/list', lazy: page(() => import('./routes/app/channel-types'), (m) => m.AccountChannelTypesRoute) },
              { path: '/globalSettings/channelTypes/list', lazy: page(() => import('./routes/app/channel-types'), (m) => m.GlobalChannelTypesRoute) },
              { path: '/templates/list', lazy: page(() => import('./routes/app/templates'), (m) => m.TemplatesRoute) },
              { path: '/agentSettings/exchange_rates/list', lazy: page(() => import('./routes/app/exchange-rates'), (m) => m.ExchangeRatesRoute) },
              { path: '/agentSettings/configurations', lazy: page(() => import('./routes/app/configurations'), (m) => m.ConfigurationsRoute) },
              { path: '/customColumns/list', lazy: page(() => import('./routes/app/custom-columns'), (m) => m.CustomColumnsRoute) },
              { path: '/accounts/:accountId/activities/:activityId/mediaMix/list', lazy: page(() => import('./routes/app/media-plan'), (m) => m.MediaPlanRoute) },
              ...PLANNED_SCREENS.map((s): RouteObject => ({
                path: `/${s.path}`,
                element: <RequirePermission {...s.access}><ComingSoon titleKey={s.titleKey} /></RequirePermission>,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/pages/error" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
