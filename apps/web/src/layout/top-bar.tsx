import { Link } from 'react-router';
import { useAppInfo } from '../features/app-info/api/get-app-info.ts';

export function TopBar() {
  const assistantName = useAppInfo().data?.assistant_name;
  return (
    <header className="top-bar navbar border-bottom px-3">
      <Link to="/home" className="navbar-brand fw-semibold">
        {assistantName ? `${assistantName} Owner Dashboard` : 'Owner Dashboard'}
      </Link>
    </header>
  );
}
