import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { SEARCH_GROUP_LABELS, SEARCH_TEXTS, type SearchGroup } from '@steward/contract/search';
import { ApiError } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBestMatch, useGlobalSearch } from '../api/search.ts';
import { groupsWithResults, searchResultItems, type SearchResultItem } from '../search-result-items.ts';
import { plainText } from '../snippet.ts';
import { SearchOption } from './search-option.tsx';

/** How long typing must pause before a search is sent. */
const DEBOUNCE_MS = 250;

/**
 * The top bar's search (spec section 2): results of every type in a dropdown, a best match picked
 * by the rerank call, type pills, keyboard use as a combobox. Enter without a chosen result opens
 * the search results page.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const listboxId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<SearchGroup>>(new Set());
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  // Empty text clears the results at once; other text waits for the pause.
  const query = text.trim() === '' ? '' : settled;

  const search = useGlobalSearch(query);
  const items = useMemo(() => (search.data ? searchResultItems(search.data) : []), [search.data]);
  const texts = useMemo(() => items.map((item) => plainText(item.text)), [items]);
  const best = useBestMatch(query, texts);
  const bestItem = best.data === undefined ? undefined : items[best.data];

  const pills = groupsWithResults(items);
  const shown = items.filter((item) => !hidden.has(item.group));
  const bestShown = bestItem && !hidden.has(bestItem.group) ? bestItem : undefined;
  const others = shown.filter((item) => item !== bestShown);
  const options = bestShown ? [bestShown, ...others] : others;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const clear = () => {
    setText('');
    setActive(-1);
    setHidden(new Set());
  };
  const openItem = (item: SearchResultItem) => {
    clear();
    setOpen(false);
    input.current?.blur();
    void navigate(item.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, -1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) openItem(chosen);
      else if (text.trim() !== '') {
        const target = `/search/${encodeURIComponent(text.trim())}/page/1`;
        clear();
        setOpen(false);
        void navigate(target);
      }
    }
  };
  const togglePill = (group: SearchGroup) => {
    setActive(-1);
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });
  };

  const expanded = open && query !== '';
  const error = search.error instanceof ApiError ? search.error.message : undefined;
  return (
    <div
      className="global-search position-relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <div className="position-relative">
        <Form.Control
          ref={input}
          // Not type="search": Chromium would clear the text on Escape, which here only closes the list.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-label={SEARCH_TEXTS.placeholder}
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={SEARCH_TEXTS.placeholder}
          autoComplete="off"
          className="global-search-input pe-5"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {text !== '' ? (
          <CloseButton
            aria-label={SEARCH_TEXTS.clear}
            className="global-search-clear position-absolute top-50 end-0 translate-middle-y me-2"
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          />
        ) : null}
      </div>
      <div className={`global-search-dropdown border rounded shadow${expanded ? '' : ' d-none'}`}>
        {error ? (
          <p role="alert" className="text-danger-emphasis px-3 py-2 mb-0">
            {error}
          </p>
        ) : null}
        {!error && search.isFetching && !search.data ? (
          <p role="status" className="px-3 py-2 mb-0 text-body-secondary">
            {SEARCH_TEXTS.searching}
          </p>
        ) : null}
        {!error && search.data && items.length === 0 ? (
          <p role="status" className="px-3 py-2 mb-0">
            {SEARCH_TEXTS.noResults}
          </p>
        ) : null}
        {pills.length > 0 ? (
          <div className="d-flex flex-wrap gap-2 px-3 pt-2" aria-label="Result types" role="group">
            {pills.map((group) => (
              <button
                key={group}
                type="button"
                className={`btn btn-sm rounded-pill ${hidden.has(group) ? 'btn-outline-secondary' : 'btn-primary'}`}
                aria-pressed={!hidden.has(group)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => togglePill(group)}
              >
                {SEARCH_GROUP_LABELS[group]}
              </button>
            ))}
          </div>
        ) : null}
        <div id={listboxId} role="listbox" aria-label="Search results" className="py-1">
          {bestShown ? (
            <div role="group" aria-label={SEARCH_TEXTS.bestMatch}>
              <div aria-hidden="true" className="global-search-heading px-3 pt-2 small fw-semibold text-body-secondary">
                {SEARCH_TEXTS.bestMatch}
              </div>
              <SearchOption id={optionId(0)} item={bestShown} query={query} active={active === 0} onOpen={openItem} />
            </div>
          ) : null}
          {others.length > 0 ? (
            <div role="group" aria-label={SEARCH_TEXTS.otherResults(others.length)}>
              <div aria-hidden="true" className="global-search-heading px-3 pt-2 small fw-semibold text-body-secondary">
                {SEARCH_TEXTS.otherResults(others.length)}
              </div>
              {others.map((item, index) => {
                const position = bestShown ? index + 1 : index;
                return <SearchOption key={item.key} id={optionId(position)} item={item} query={query} active={active === position} onOpen={openItem} />;
              })}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
