import Badge from 'react-bootstrap/Badge';
import { SEARCH_GROUP_LABELS } from '@steward/contract/search';
import type { SearchResultItem } from '../search-result-items.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

interface SearchOptionProps {
  id: string;
  item: SearchResultItem;
  query: string;
  active: boolean;
  onOpen: (item: SearchResultItem) => void;
}

/** One result in the dropdown's listbox: its type and its snippet. */
export function SearchOption({ id, item, query, active, onOpen }: SearchOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={`global-search-option px-3 py-2${active ? ' active' : ''}`}
      // Keeps the focus in the search box, so the click is not lost to its blur.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onOpen(item)}
    >
      <Badge bg="secondary-subtle" text="secondary-emphasis" className="me-2 border">
        {SEARCH_GROUP_LABELS[item.group]}
      </Badge>
      <span className="global-search-snippet">
        <HighlightedSnippet text={item.text} query={query} />
      </span>
    </div>
  );
}
