/** Stands in for a screen whose feature is not built yet, so the sidebar never leads nowhere. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <section aria-labelledby="not-built-title">
      <h1 id="not-built-title" className="h3">
        {title}
      </h1>
      <div className="alert alert-info" role="status">
        This screen is not built yet.
      </div>
    </section>
  );
}
