import { IconSearchOff } from '../../../components/icons.tsx';
import { Link, useNavigate, useParams } from 'react-router';
import { PAGE_SIZE } from '@steward/contract/paging';
import { SEARCH_COUNT_CAP, SEARCH_TEXTS, type HistoryHit } from '@steward/contract/search';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useSearchResultsPage } from '../api/search.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';
import { OtherKindsOfResults } from './other-kinds-of-results.tsx';

const countText = (count: number) =>
  `${count.toLocaleString('en-US')}${count >= SEARCH_COUNT_CAP ? '+' : ''} ${count === 1 ? 'result' : 'results'}`;

const sessionPath = (hit: HistoryHit) => `/history/${encodeURIComponent(hit.session_id)}`;

/** The spec pairs User message and Chatbot response per hit; the message links to its chat session. */
const searchColumns = (query: string): ListColumn<HistoryHit>[] => [
  {
    id: 'user-message',
    header: 'User message',
    className: 'breakable search-hit-message',
    cell: (hit) => (
      <Link to={sessionPath(hit)} className="text-reset" onClick={(event) => event.stopPropagation()}>
        <HighlightedSnippet text={hit.user_message} query={query} />
      </Link>
    ),
  },
  { id: 'chatbot-response', header: 'Chatbot response', className: 'breakable', cell: (hit) => <HighlightedSnippet text={hit.api_response} query={query} /> },
];

/** /search/{query}/page/{page}: the history exchanges that match, 20 per page; a hit opens its chat session. */
export function SearchResultsScreen() {
  const navigate = useNavigate();
  const params = useParams();
  const query = params.query ?? '';
  const pageIndex = pageIndexFromRoute(params.page);
  // A failed load shows nothing (spec section 8).
  const { data, isPending } = useSearchResultsPage(query, pageIndex);
  const hits = data ?? [];
  const totalCount = hits[0]?.total_count ?? 0;

  return (
    <section aria-labelledby="search-results-title">
      <PageHeader
        id="search-results-title"
        pretitle="Search"
        title="Search results"
        description={
          <span className="breakable">
            Results for <strong className="text-body">{query}</strong>
            {data && hits.length > 0 ? ` · ${countText(totalCount)}` : null}
          </span>
        }
      />
      <ListCard
        list={{
          label: 'Search results',
          columns: searchColumns(query),
          rows: hits,
          rowKey: (hit) => `${hit.session_id}-${hits.indexOf(hit)}`,
          onOpenRow: (hit) => void navigate(sessionPath(hit)),
        }}
        status={{
          loading: isPending,
          empty: data?.length === 0,
          emptyIcon: IconSearchOff,
          emptyText: SEARCH_TEXTS.noResults,
          emptyHint: 'The search reads the visitors\' messages and the bot\'s answers. Try fewer or other words, or a "quoted phrase".',
          emptyAnnounce: true,
          emptyAction: data?.length === 0 ? <OtherKindsOfResults query={query} /> : undefined,
        }}
        pages={{ basePath: `/search/${encodeURIComponent(query)}`, currentPage: pageIndex + 1, totalCount, pageSize: PAGE_SIZE.searchResults }}
      />
    </section>
  );
}
