import { Link } from 'react-router';
import { useAppInfo } from '../features/app-info/api/get-app-info.ts';
import { GlobalSearch } from '../features/search/components/global-search.tsx';

export function TopBar() {
  const assistantName = useAppInfo().data?.assistant_name;
  return (
    <header className="top-bar navbar border-bottom px-3 gap-2 flex-nowrap">
      <Link to="/home" className="navbar-brand fw-semibold text-truncate">
        {assistantName ? `${assistantName} Owner Dashboard` : 'Owner Dashboard'}
      </Link>
      <GlobalSearch />
    </header>
  );
}
