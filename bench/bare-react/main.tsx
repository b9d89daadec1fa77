// The baseline of the first-load JavaScript target (bench/src/bundle-sizes.ts): React 19 and React Router
// rendering one route, built with the dashboard's Vite settings. Nothing else belongs here.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([{ path: '/login', element: <h1>Sign in</h1> }, { path: '*', element: <h1>Sign in</h1> }]);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element.');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
