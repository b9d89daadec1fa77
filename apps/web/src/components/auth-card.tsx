import type { ReactNode } from 'react';

/** The centred card the public screens (login, register, reset) sit in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="auth-screen d-flex align-items-center justify-content-center min-vh-100 p-3">
      <div className="card shadow-sm auth-card">
        <div className="card-body p-4">{children}</div>
      </div>
    </main>
  );
}
