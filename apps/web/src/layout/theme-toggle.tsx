import Form from 'react-bootstrap/Form';
import { useChangeTheme } from '../features/auth/api/change-theme.ts';
import { useSignedInUser } from '../features/auth/api/get-current-user.ts';

/** Light/dark switch; every change is saved to the user's account on the server. */
export function ThemeToggle() {
  const user = useSignedInUser();
  const changeTheme = useChangeTheme();
  return (
    <Form.Check
      type="switch"
      id="theme-toggle"
      role="switch"
      label="Dark mode"
      checked={user.theme === 'dark'}
      onChange={(event) => changeTheme.mutate({ id: user.id, theme: event.currentTarget.checked ? 'dark' : 'light' })}
    />
  );
}
