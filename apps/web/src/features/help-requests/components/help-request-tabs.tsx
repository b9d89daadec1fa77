import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { HELP_REQUEST_TABS, type HelpRequestStatusFilter } from '@steward/contract/help-requests';

/** All → /help-requests; a status → page 1 of that status. */
export const helpRequestTabPath = (status: HelpRequestStatusFilter): string =>
  status === '' ? '/help-requests' : `/help-requests/page/1/${status}`;

/** `query` carries the list's triage filters to the other tabs ("?country=DE" or ''). */
export function HelpRequestTabs({ current, query = '' }: { current: HelpRequestStatusFilter; query?: string }) {
  return (
    <Nav variant="tabs" className="mb-3" as="ul">
      {HELP_REQUEST_TABS.map((tab) => (
        <Nav.Item as="li" key={tab.label}>
          <Nav.Link
            as={NavLink}
            to={`${helpRequestTabPath(tab.status)}${query}`}
            active={tab.status === current}
            aria-current={tab.status === current ? 'page' : undefined}
            end
          >
            {tab.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
