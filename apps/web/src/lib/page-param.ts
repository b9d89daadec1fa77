/** The one-based page of a route (`/history/page/3`) as the zero-based index the calls take; bad values read as the first page. */
export function pageIndexFromRoute(page: string | undefined): number {
  const parsed = Number(page);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed - 1 : 0;
}
