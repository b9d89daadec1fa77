import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { PAGE_SIZE } from '@steward/contract/paging';
import { SEARCH_COUNT_CAP, SEARCH_TEXTS } from '@steward/contract/search';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useSearchResultsPage } from '../api/search.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';

const countText = (count: number) =>
  `${count.toLocaleString('en-US')}${count >= SEARCH_COUNT_CAP ? '+' : ''} ${count === 1 ? 'result' : 'results'}`;

/** /search/{query}/page/{page}: the history exchanges that match, 20 per page; a hit opens its chat session. */
export function SearchResultsScreen() {
  const params = useParams();
  const query = params.query ?? '';
  const pageIndex = pageIndexFromRoute(params.page);
  // A failed load shows nothing (spec section 8).
  const { data, isPending } = useSearchResultsPage(query, pageIndex);
  const hits = data ?? [];
  const totalCount = hits[0]?.total_count ?? 0;

  return (
    <section aria-labelledby="search-results-title">
      <h1 id="search-results-title" className="h3 mb-1">
        Search results
      </h1>
      <p className="text-body-secondary breakable">
        Results for <strong className="text-body">{query}</strong>
        {data && hits.length > 0 ? ` · ${countText(totalCount)}` : null}
      </p>
      {isPending ? <LoadingPlaceholder /> : null}
      {data && hits.length === 0 ? <p role="status">{SEARCH_TEXTS.noResults}</p> : null}
      <ol className="list-unstyled d-flex flex-column gap-3 mb-4">
        {hits.map((hit, index) => (
          <li key={`${hit.session_id}-${index}`}>
            <Card as={Link} to={`/history/${encodeURIComponent(hit.session_id)}`} className="search-hit text-reset text-decoration-none">
              <Card.Body>
                <dl className="mb-0">
                  <dt className="small text-body-secondary">User message</dt>
                  <dd className="breakable">
                    <HighlightedSnippet text={hit.user_message} query={query} />
                  </dd>
                  <dt className="small text-body-secondary">Chatbot response</dt>
                  <dd className="breakable mb-0">
                    <HighlightedSnippet text={hit.api_response} query={query} />
                  </dd>
                </dl>
              </Card.Body>
            </Card>
          </li>
        ))}
      </ol>
      {hits.length > 0 ? (
        <PaginationBar
          basePath={`/search/${encodeURIComponent(query)}`}
          currentPage={pageIndex + 1}
          totalCount={totalCount}
          pageSize={PAGE_SIZE.searchResults}
        />
      ) : null}
    </section>
  );
}
