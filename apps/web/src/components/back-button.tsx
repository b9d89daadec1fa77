import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router';

/** Back one step, or to the list when this page was opened directly (location key "default"). */
export function BackButton({ fallback, label = 'Back' }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    if (location.key === 'default') void navigate(fallback);
    else void navigate(-1);
  };
  return (
    <Button variant="link" className="px-0 mb-3" onClick={goBack}>
      ← {label}
    </Button>
  );
}
