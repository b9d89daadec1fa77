import type { ReactNode } from 'react';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { ListCount, type CountedNoun } from './list-count.tsx';
import { ListFilterBar } from './list-filter-bar.tsx';
import type { ListFilterValues } from './list-filter-query.ts';
import type { ListFilters } from './use-list-filters.ts';

interface ListFilterToolbarProps {
  /** The list's name, for the filter form's label. */
  listName: string;
  keys: readonly ListFilterKey[];
  filters: ListFilters;
  onChange: (values: ListFilterValues) => void;
  /** The page's count once it is in. */
  counted: { total_count: number; total_count_capped: boolean } | undefined;
  /** What the list counts, one and many: ['question', 'questions']. */
  noun: CountedNoun;
  /** Controls of the list's own, shown before the count (History's coverage-gap switch). */
  children?: ReactNode;
}

/** A filtered list's toolbar (ListCard's `toolbar`): the filter bar, then the list's own controls and its count under the filters. */
export function ListFilterToolbar({ listName, keys, filters, onChange, counted, noun, children }: ListFilterToolbarProps) {
  return (
    <>
      <ListFilterBar listName={listName} keys={keys} values={filters.values} onChange={onChange} />
      {children || counted ? (
        <div className="card-header d-flex flex-wrap gap-3 justify-content-between align-items-center">
          {children}
          {counted ? <ListCount count={counted.total_count} capped={counted.total_count_capped} noun={noun} filtered={filters.filtered} /> : null}
        </div>
      ) : null}
    </>
  );
}
