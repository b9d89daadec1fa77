import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import { INFORM_THE_BOT_STATUS_PARAM } from '@steward/contract/inform-the-bot';

const TABS = [
  { label: 'All', to: '/inform-the-bot', pendingOnly: false },
  { label: 'Pending', to: `/inform-the-bot?${INFORM_THE_BOT_STATUS_PARAM}=pending`, pendingOnly: true },
] as const;

/** All items, or only those waiting for approval (the top bar's badge leads to the second). */
export function InformTheBotTabs({ pendingOnly }: { pendingOnly: boolean }) {
  return (
    <Nav variant="tabs" className="mb-3" as="ul">
      {TABS.map((tab) => (
        <Nav.Item as="li" key={tab.label}>
          <Nav.Link as={Link} to={tab.to} active={tab.pendingOnly === pendingOnly} aria-current={tab.pendingOnly === pendingOnly ? 'page' : undefined}>
            {tab.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
