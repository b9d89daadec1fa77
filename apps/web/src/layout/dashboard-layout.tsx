import { useEffect, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Outlet } from 'react-router';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { applyTheme, rememberTheme } from '../lib/theme.ts';
import { Sidebar } from './sidebar.tsx';
import { SkipLink, MAIN_CONTENT_ID } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { useMediaQuery, WIDE_SCREEN } from './use-media-query.ts';

const COLLAPSED_KEY = 'steward.sidebar-collapsed';

/**
 * Top bar, sidebar and the main area every signed-in screen renders into. From 768 px up the sidebar
 * sits beside the page (collapsible to an icon rail); below that it is a drawer opened from the top bar.
 */
export function DashboardLayout() {
  const user = useSignedInUser();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);

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
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className="dashboard d-flex flex-column min-vh-100">
      <SkipLink />
      <TopBar onOpenMenu={wide ? undefined : () => setDrawerOpen(true)} />
      <div className="d-flex flex-grow-1">
        {wide ? (
          <div className="sidebar-column border-end">
            <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
          </div>
        ) : (
          <Offcanvas show={drawerOpen} onHide={closeDrawer} aria-labelledby="sidebar-drawer-title" className="sidebar-drawer">
            <Offcanvas.Header closeButton closeLabel="Close menu">
              <Offcanvas.Title id="sidebar-drawer-title" as="h2">
                Menu
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="p-0 d-flex flex-column">
              <Sidebar collapsed={false} onNavigate={closeDrawer} />
            </Offcanvas.Body>
          </Offcanvas>
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-grow-1 dashboard-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
