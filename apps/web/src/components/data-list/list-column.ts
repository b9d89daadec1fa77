import type { ReactNode } from 'react';

/** One column of a DataList: the spec's header text, and what a row shows in it. */
export interface ListColumn<Row> {
  id: string;
  /** The column's name as the spec writes it; on a phone, the label above the cell's value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server can order the list by this column. */
  sortable?: boolean;
  /**
   * A long text (a message, a reason) cut with "…" to the width the other columns leave, so it never pushes a
   * column past the card's edge; whole on a phone. Its cell holds a `.text-truncate.list-message` element.
   */
  fill?: boolean;
  /**
   * A short value (an IP address, a country): shown whole, but a stored value of unusual length wraps within the
   * column's width cap rather than widening the list past the card's edge.
   */
  short?: boolean;
  /** Classes of the column's cells (`text-nowrap`, `text-break`). */
  className?: string;
  headerClassName?: string;
  /** A column without a visible name (row actions): its header is for screen readers only. */
  headerHidden?: boolean;
}

export type SortDirection = 'asc' | 'desc';

/** The order a list is shown in: a column's id and its direction (kept in the URL as ?sort=&order=). */
export interface ListSort {
  column: string;
  direction: SortDirection;
}
