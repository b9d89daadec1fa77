import { parseChatAccount, type ChatAccount, type HistoryRow } from '@steward/contract/history';

/** The distinct accounts the visitor used in a session, in order of first appearance. */
export function distinctAccounts(rows: readonly HistoryRow[]): ChatAccount[] {
  const seen = new Set<string>();
  const accounts: ChatAccount[] = [];
  for (const row of rows) {
    const account = parseChatAccount(row.account);
    if (!account) continue;
    const key = JSON.stringify([account.primary_id ?? null, account.secondary_id ?? null, account.email ?? null]);
    if (seen.has(key)) continue;
    seen.add(key);
    accounts.push(account);
  }
  return accounts;
}

/** One "Account Details" block: first external id (or "Undefined"), second id, email. */
export function AccountDetails({ account }: { account: ChatAccount }) {
  return (
    <section className="card mb-3" aria-label="Account Details">
      <div className="card-body">
        <h2 className="card-title">Account Details</h2>
        <dl className="row mb-0">
          <dt className="col-sm-3">Primary ID</dt>
          <dd className="col-sm-9">{account.primary_id || 'Undefined'}</dd>
          <dt className="col-sm-3">Secondary ID</dt>
          <dd className="col-sm-9">{account.secondary_id ?? ''}</dd>
          <dt className="col-sm-3">Email</dt>
          <dd className="col-sm-9 mb-0">{account.email ?? ''}</dd>
        </dl>
      </div>
    </section>
  );
}
