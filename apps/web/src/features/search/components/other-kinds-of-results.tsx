import { Link } from 'react-router';
import { SEARCH_GROUP_LABELS, SEARCH_TEXTS, TOP_BAR_COUNT_CAP } from '@steward/contract/search';
import { useGlobalSearch } from '../api/search.ts';
import { groupsWithResults, searchResultItems } from '../search-result-items.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

const countText = (count: number) => `${count.toLocaleString('en-US')}${count >= TOP_BAR_COUNT_CAP ? '+' : ''}`;

/**
 * On a results page without a history hit: the feedback, help requests and staff accounts the top bar's search
 * (the same call, 5 per kind) finds for the query, each a link to its detail. Nothing when there are none.
 */
export function OtherKindsOfResults({ query }: { query: string }) {
  const { data } = useGlobalSearch(query);
  if (!data) return null;
  const items = searchResultItems(data).filter((item) => item.group !== 'chatHistory');
  const groups = groupsWithResults(items);
  if (groups.length === 0) return null;
  return (
    <div className="other-kinds-of-results text-start" data-testid="other-kinds-of-results">
      <p className="mb-2">{SEARCH_TEXTS.otherKinds}</p>
      {groups.map((group) => (
        <section key={group} aria-label={SEARCH_GROUP_LABELS[group]} className="mb-2">
          <h2 className="h4 mb-1">
            {SEARCH_GROUP_LABELS[group]} ({countText(data[group].total_count)})
          </h2>
          <ul className="list-unstyled mb-0">
            {items
              .filter((item) => item.group === group)
              .map((item) => (
                <li key={item.key} className="breakable py-1">
                  <Link to={item.href}>
                    <HighlightedSnippet text={item.text} query={query} />
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
