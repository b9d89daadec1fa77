import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { ListStatus, type ListStatusProps } from '../list-status.tsx';
import { PaginationBar, type PaginationBarProps } from '../pagination-bar.tsx';
import { DataList, type DataListProps } from './data-list.tsx';

interface ListCardProps<Row extends RowData> {
  /** Filters or switches at the top of the card. */
  toolbar?: ReactNode;
  /** The rows and their columns: shown while there is a row. */
  list: DataListProps<Row>;
  /** "Loading…" while the first request runs, then the empty state (what is empty, why, what fills it). */
  status: ListStatusProps;
  /** The numbered pages in the card's footer, while there is a row (an empty list shows no lone "1"). */
  pages: PaginationBarProps;
}

/** A list screen's card (ui.md, Lists): its toolbar, the one DataList, its loading and empty states, its pages. */
export function ListCard<Row extends RowData>({ toolbar, list, status, pages }: ListCardProps<Row>) {
  const hasRows = list.rows.length > 0;
  return (
    <div className="card">
      {toolbar}
      {hasRows ? <DataList {...list} /> : null}
      <ListStatus {...status} />
      {hasRows ? (
        <div className="card-footer">
          <PaginationBar {...pages} />
        </div>
      ) : null}
    </div>
  );
}
