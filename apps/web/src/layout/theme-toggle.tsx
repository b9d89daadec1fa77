import { useState } from 'react';
import { IconMoon } from '../components/icons.tsx';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useChangeTheme } from '../features/auth/api/change-theme.ts';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';
import { RailTooltip } from './rail-tooltip.tsx';

/**
 * Light/dark switch; every change is saved to the user's account on the server. In the collapsed rail
 * it is an icon button that is still a switch named "Dark mode". The switch turns in the click's own event:
 * the saved theme reaches the signed-in user only after the mutation's first await (a user read in flight is
 * cancelled first), and a controlled switch would snap back until then.
 */
export function ThemeToggle({ compact = false }: { compact?: boolean }) {
  const user = useSignedInUser();
  const changeTheme = useChangeTheme();
  const [turnedTo, setTurnedTo] = useState<boolean | null>(null);
  const dark = turnedTo ?? user.theme === 'dark';
  const change = (toDark: boolean) => {
    setTurnedTo(toDark);
    changeTheme.mutate({ id: user.id, theme: toDark ? 'dark' : 'light' }, { onSettled: () => setTurnedTo(null) });
  };

  if (compact) {
    return (
      <RailTooltip label="Dark mode" shown>
        <Button
          variant={dark ? 'secondary' : 'outline-secondary'}
          className="sidebar-icon-button"
          role="switch"
          aria-checked={dark}
          aria-label="Dark mode"
          onClick={() => change(!dark)}
        >
          <IconMoon size={18} />
        </Button>
      </RailTooltip>
    );
  }
  return (
    <Form.Check
      type="switch"
      id="theme-toggle"
      role="switch"
      label={
        <span className="d-inline-flex align-items-center gap-1">
          <IconMoon size={16} />
          Dark mode
        </span>
      }
      checked={dark}
      onChange={(event) => change(event.currentTarget.checked)}
    />
  );
}
