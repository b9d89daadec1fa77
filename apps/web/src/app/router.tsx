import { createBrowserRouter, data, Outlet, type RouteObject } from 'react-router';
import { LoadingPlaceholder } from '../components/loading-placeholder.tsx';
import { loadChunk } from './routes/lazy-screen.ts';
import { accountPublicRoutes } from './routes/account-public-routes.tsx';
import { weeklyReportPublicRoutes } from './routes/weekly-report-routes.tsx';
import { auditLogRoutes } from './routes/audit-log-routes.tsx';
import { insightsRoutes } from './routes/insights-routes.tsx';
import { botSettingsRoutes } from './routes/bot-settings-routes.tsx';
import { conversationRoutes } from './routes/conversation-routes.tsx';
import { DocumentTitle } from './routes/document-title.tsx';
import { documentsRoutes } from './routes/documents-routes.tsx';
import { LoginGate, PublicOnlyGate } from './routes/gates.tsx';
import { informTheBotRoutes } from './routes/inform-the-bot-routes.tsx';
import { loginRoutes } from './routes/login-route.tsx';
import { privacyRoutes } from './routes/privacy-routes.tsx';
import { integrationsRoutes } from './routes/integrations-routes.tsx';
import { signInSecurityRoutes } from './routes/sign-in-security-routes.tsx';
import { RouteErrorScreen } from './routes/route-error-screen.tsx';
import { searchRoutes } from './routes/search-routes.tsx';
import { statisticsRoutes } from './routes/statistics-routes.tsx';
import { userAccountRoutes } from './routes/user-account-routes.tsx';

/**
 * The route table of spec section 2: each area's routes live in app/routes/<area>-routes.tsx, each with
 * `handle: { title }` for document.title.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <DocumentTitle />
        <Outlet />
      </>
    ),
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's chunks load (lazy routes below).
    hydrateFallbackElement: (
      <div className="container py-5">
        <LoadingPlaceholder />
      </div>
    ),
    children: [
      { element: <PublicOnlyGate />, children: [...loginRoutes, ...accountPublicRoutes] },
      ...weeklyReportPublicRoutes,
      {
        element: (
          <LoginGate>
            <Outlet />
          </LoginGate>
        ),
        children: [
          {
            // The top bar, the sidebar and their icons load with the first signed-in screen, not with the login screen.
            lazy: async () => ({ Component: (await loadChunk(() => import('../layout/dashboard-layout.tsx'))).DashboardLayout }),
            children: [
              {
                // A screen's error, and an address that matches nothing, show in the layout's main area.
                errorElement: <RouteErrorScreen inLayout />,
                children: [
                  ...statisticsRoutes,
                  ...conversationRoutes,
                  ...informTheBotRoutes,
                  ...userAccountRoutes,
                  ...documentsRoutes,
                  ...botSettingsRoutes,
                  ...searchRoutes,
                  ...auditLogRoutes,
                  ...insightsRoutes,
                  ...privacyRoutes,
                  ...integrationsRoutes,
                  ...signInSecurityRoutes,
                  { path: '*', handle: { title: 'Error', notFound: true }, loader: notFound },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** An address that matches no screen: the router's 404, shown by the error screen. */
function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export const createRouter = () => createBrowserRouter(routes);
