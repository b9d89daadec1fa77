import type { StaffMember } from '@steward/contract/permissions';
import { useSites } from '../api/get-sites.ts';
import { SiteCard } from './site-card.tsx';

/** The websites the bot reads, one card each; shown once there is one (load failures show nothing). */
export function SiteList({ viewer }: { viewer: StaffMember }) {
  const { data: rows } = useSites();
  if (!rows || rows.length === 0) return null;
  return (
    <section aria-labelledby="site-list-title" className="mt-4">
      <h2 id="site-list-title" className="h3 mb-3">
        Websites
      </h2>
      {rows.map((row) => (
        <SiteCard key={row.id} site={row} viewer={viewer} />
      ))}
    </section>
  );
}
