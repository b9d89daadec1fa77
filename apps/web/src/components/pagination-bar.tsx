import Pagination from 'react-bootstrap/Pagination';
import { Link } from 'react-router';
import { pageCount } from '@steward/contract/paging';

export interface PaginationBarProps {
  /** The list's route without the page part, e.g. "/feedback". */
  basePath: string;
  /** One-based page being shown. */
  currentPage: number;
  totalCount: number;
  pageSize: number;
  /** An optional filter segment after the page: /feedback/page/2/up. */
  filter?: string;
  /** An optional query the list keeps its filters in, kept on every page link: "?action=sign_in", "?coverage_gaps=true". */
  query?: string;
}

/** How many page links to show on each side of the current one before eliding. */
const WINDOW = 2;

/** Numbered pages (at least one); each links to {basePath}/page/{n}[/{filter}]. */
export function PaginationBar({ basePath, currentPage, totalCount, pageSize, filter, query = '' }: PaginationBarProps) {
  const pages = pageCount(totalCount, pageSize);
  const href = (page: number) => `${basePath}/page/${page}${filter ? `/${filter}` : ''}${query}`;
  const shown = visiblePages(currentPage, pages);
  return (
    <nav aria-label="Pagination">
      <Pagination className="mb-0 flex-wrap">
        {shown.map((page, index) =>
          page === 'gap' ? (
            <Pagination.Ellipsis key={`gap-${index}`} disabled />
          ) : (
            <li key={page} className={`page-item ${page === currentPage ? 'active' : ''}`}>
              <Link
                className="page-link"
                to={href(page)}
                aria-current={page === currentPage ? 'page' : undefined}
                aria-label={`Page ${page}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </Pagination>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and a window around the current page. */
export function visiblePages(current: number, pages: number): (number | 'gap')[] {
  const result: (number | 'gap')[] = [];
  for (let page = 1; page <= pages; page += 1) {
    if (page === 1 || page === pages || Math.abs(page - current) <= WINDOW) result.push(page);
    else if (result.at(-1) !== 'gap') result.push('gap');
  }
  return result;
}
