import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { NavLink, useNavigate } from 'react-router';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { useOpenHelpRequestCount } from '../features/help-requests/api/get-open-help-request-count.ts';
import { SIDEBAR_ENTRIES } from './sidebar-entries.ts';
import { ThemeToggle } from './theme-toggle.tsx';

export function Sidebar({ collapsed, onToggleCollapsed }: { collapsed: boolean; onToggleCollapsed: () => void }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const openHelpRequests = useOpenHelpRequestCount().data ?? 0;
  const entries = SIDEBAR_ENTRIES.filter((entry) => entry.shownTo?.(user) ?? true);

  const logout = async () => {
    await logoutMutation.mutateAsync().catch(() => undefined);
    await navigate('/', { replace: true });
  };

  return (
    <nav className={`sidebar d-flex flex-column border-end ${collapsed ? 'sidebar-collapsed' : ''}`} aria-label="Main">
      <Button
        variant="link"
        className="sidebar-collapse-toggle align-self-end"
        onClick={onToggleCollapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
      >
        {collapsed ? '»' : '«'}
      </Button>
      <ul className="nav nav-pills flex-column mb-auto">
        {entries.map((entry) => (
          <li className="nav-item" key={entry.to}>
            <NavLink to={entry.to} className="nav-link d-flex align-items-center justify-content-between" title={entry.label}>
              <span className="sidebar-label">{collapsed ? entry.label.slice(0, 1) : entry.label}</span>
              {entry.showsOpenHelpRequests && openHelpRequests > 0 ? (
                <Badge bg="danger" pill aria-label={`${openHelpRequests} open help requests`}>
                  {openHelpRequests}
                </Badge>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-column gap-2 p-2">
        <ThemeToggle />
        <Button variant="outline-secondary" onClick={logout} disabled={logoutMutation.isPending}>
          Logout
        </Button>
      </div>
    </nav>
  );
}
