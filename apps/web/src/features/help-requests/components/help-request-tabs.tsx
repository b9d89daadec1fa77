import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { HELP_REQUEST_TABS, type HelpRequestStatusFilter } from '@steward/contract/help-requests';

/** All → /help-requests; a status → page 1 of that status. */
export const helpRequestTabPath = (status: HelpRequestStatusFilter): string =>
  status === '' ? '/help-requests' : `/help-requests/page/1/${status}`;

export function HelpRequestTabs({ current }: { current: HelpRequestStatusFilter }) {
  return (
    <Nav variant="tabs" className="mb-3" as="ul">
      {HELP_REQUEST_TABS.map((tab) => (
        <Nav.Item as="li" key={tab.label}>
          <Nav.Link
            as={NavLink}
            to={helpRequestTabPath(tab.status)}
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
