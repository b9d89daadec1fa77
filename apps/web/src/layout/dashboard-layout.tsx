import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { applyTheme, rememberTheme } from '../lib/theme.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const COLLAPSED_KEY = 'steward.sidebar-collapsed';

/** Top bar, sidebar and the main area every signed-in screen renders into. */
export function DashboardLayout() {
  const user = useSignedInUser();
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(COLLAPSED_KEY) === 'true');

  useEffect(() => {
    applyTheme(user.theme);
    rememberTheme(user.theme);
  }, [user.theme]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSED_KEY, String(!value));
      return !value;
    });
  };

  return (
    <div className="dashboard d-flex flex-column min-vh-100">
      <TopBar />
      <div className="d-flex flex-grow-1">
        <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        <main className="flex-grow-1 p-4 dashboard-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
