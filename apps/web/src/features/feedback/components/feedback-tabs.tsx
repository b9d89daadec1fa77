import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import type { RatingFilter } from '@steward/contract/feedback';

/** All, Thumb Up, Thumb Down: each goes to page 1 of its filter. */
const TABS: readonly { label: string; rating: RatingFilter; to: string }[] = [
  { label: 'All', rating: '', to: '/feedback' },
  { label: 'Thumb Up', rating: 'up', to: '/feedback/page/1/up' },
  { label: 'Thumb Down', rating: 'down', to: '/feedback/page/1/down' },
];

/** `query` carries the list's triage filters to the other tabs ("?country=DE" or ''). */
export function FeedbackTabs({ current, query = '' }: { current: RatingFilter; query?: string }) {
  return (
    <Nav variant="tabs" className="mb-3" as="nav" aria-label="Feedback rating">
      {TABS.map((tab) => (
        <Nav.Item key={tab.label}>
          <Nav.Link as={Link} to={`${tab.to}${query}`} active={tab.rating === current} aria-current={tab.rating === current ? 'page' : undefined}>
            {tab.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
