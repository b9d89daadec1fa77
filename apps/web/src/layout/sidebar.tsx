import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '../components/icons.tsx';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { NavLink, useNavigate } from 'react-router';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { useOpenHelpRequestCount } from '../features/help-requests/api/get-open-help-request-count.ts';
import { RailTooltip, RailTooltipContainer } from './rail-tooltip.tsx';
import { SIDEBAR_ENTRIES } from './sidebar-entries.ts';
import { ThemeToggle } from './theme-toggle.tsx';

interface SidebarProps {
  /** An icon rail: each entry its icon, its name in a tooltip and as the link's accessible name. */
  collapsed: boolean;
  /** The collapse toggle; the drawer of small screens has none. */
  onToggleCollapsed?: () => void;
  /** Called when an entry is chosen (the drawer closes). */
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const openHelpRequests = useOpenHelpRequestCount().data ?? 0;
  const [navElement, setNavElement] = useState<HTMLElement | null>(null);
  const entries = SIDEBAR_ENTRIES.filter((entry) => entry.shownTo?.(user) ?? true);

  const logout = async () => {
    await logoutMutation.mutateAsync().catch(() => undefined);
    await navigate('/', { replace: true });
  };

  return (
    <nav ref={setNavElement} className={`sidebar d-flex flex-column ${collapsed ? 'sidebar-collapsed' : ''}`} aria-label="Main">
      <RailTooltipContainer value={navElement}>
        {onToggleCollapsed ? (
          <RailTooltip label="Expand sidebar" shown={collapsed}>
            <Button
              variant="link"
              className="sidebar-collapse-toggle align-self-end"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
            </Button>
          </RailTooltip>
        ) : null}
        <ul className="nav nav-pills flex-column mb-auto">
          {entries.map((entry) => (
            <li className="nav-item" key={entry.to}>
              <RailTooltip label={entry.label} shown={collapsed}>
                <NavLink to={entry.to} className="nav-link sidebar-link d-flex align-items-center gap-2" onClick={onNavigate}>
                  <entry.icon className="sidebar-icon flex-shrink-0" size={20} />
                  <span className={collapsed ? 'visually-hidden' : 'flex-grow-1 text-truncate'}>{entry.label}</span>
                  {entry.showsOpenHelpRequests && openHelpRequests > 0 ? (
                    <Badge bg="danger" text="white" pill className="sidebar-badge" aria-label={`${openHelpRequests} open help requests`}>
                      {openHelpRequests}
                    </Badge>
                  ) : null}
                </NavLink>
              </RailTooltip>
            </li>
          ))}
        </ul>
        <div className={`d-flex flex-column gap-2 p-2 ${collapsed ? 'align-items-center' : ''}`}>
          <ThemeToggle compact={collapsed} />
          <RailTooltip label="Logout" shown={collapsed}>
            <Button
              variant="outline-secondary"
              className={collapsed ? 'sidebar-icon-button' : 'd-inline-flex align-items-center justify-content-center gap-2'}
              onClick={logout}
              disabled={logoutMutation.isPending}
              aria-label={collapsed ? 'Logout' : undefined}
            >
              <IconLogout size={18} />
              {collapsed ? null : 'Logout'}
            </Button>
          </RailTooltip>
        </div>
      </RailTooltipContainer>
    </nav>
  );
}
