/** One-time recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="mb-3" role="region" aria-label="Recovery codes">
      <p className="mb-2">Keep these recovery codes somewhere safe. Each works once in place of a code if you lose your phone. They are shown only now.</p>
      <ul className="list-unstyled row row-cols-2 g-1 font-monospace">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
