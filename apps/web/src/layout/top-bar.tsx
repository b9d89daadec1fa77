import { IconMenu2 } from '../components/icons.tsx';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useAppInfo } from '../features/app-info/api/get-app-info.ts';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { ApprovalQueueBadge } from '../features/inform-the-bot/components/approval-queue-badge.tsx';
import { GlobalSearch } from '../features/search/components/global-search.tsx';

/** The brand, the search box and the items waiting for the viewer's approval; on small screens also the button that opens the sidebar drawer. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const assistantName = useAppInfo().data?.assistant_name;
  return (
    <header className="top-bar navbar border-bottom px-3 gap-2 flex-wrap flex-sm-nowrap">
      {onOpenMenu ? (
        <Button variant="outline-secondary" className="top-bar-menu-button flex-shrink-0" aria-label="Open menu" onClick={onOpenMenu}>
          <IconMenu2 size={20} />
        </Button>
      ) : null}
      <Link to="/home" className="navbar-brand fw-semibold text-truncate">
        {assistantName ? `${assistantName} Owner Dashboard` : 'Owner Dashboard'}
      </Link>
      <GlobalSearch />
      <ApprovalQueueBadge viewer={useSignedInUser()} />
    </header>
  );
}
