import { Link } from 'react-router';

/** The success page of reset and register: the news and a Login link. */
export function AccountDone({ message }: { message: string }) {
  return (
    <section aria-labelledby="account-done-title" className="text-center">
      <h1 id="account-done-title" className="h2 mb-3" role="status">
        {message}
      </h1>
      <Link to="/" className="btn btn-primary w-100">
        Login
      </Link>
    </section>
  );
}
