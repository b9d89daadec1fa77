import { useMemo, type ReactNode } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import type { ListColumn, ListSort } from './list-column.ts';

const features = tableFeatures({ rowSortingFeature });

export interface DataListProps<Row extends RowData> {
  /** The table's accessible name, e.g. "History". */
  label: string;
  /** The spec's columns, in order; each header is also the label of its cell on a phone. */
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A row that opens a detail: click, or Enter with the row focused. */
  onOpenRow?: (row: Row) => void;
  /** The order the server answered in, for the columns it can order by. */
  sort?: ListSort;
  onSortChange?: (sort: ListSort) => void;
  /** Extra classes on the <table> (e.g. a wider minimum for many columns). */
  className?: string;
}

const sortingOf = (sort: ListSort | undefined): SortingState => (sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : []);

/**
 * The one list of the dashboard (history, feedback, help requests, user accounts, audit log, search results):
 * a Tabler card table built by TanStack Table, headless, with the spec's columns. Sorting is the server's
 * (manual): a sortable header is a button that asks for the other order. Below 768 px each row is a card
 * of its cells, each cell labelled with its column (data-label, app.css), so no column is off screen. The
 * elements carry their table roles explicitly, which browsers drop from table elements shown as blocks.
 */
/** A cell's content; a short column's value in its capped span, and nothing for no value, so an empty cell stays :empty. */
function cellContent<Row>(column: ListColumn<Row> | undefined, row: Row): ReactNode {
  const content = column?.cell(row) as ReactNode;
  if (!column?.short || content === null || content === undefined || content === '') return content;
  return <span className="list-short">{content}</span>;
}

export function DataList<Row extends RowData>({ label, columns, rows, rowKey, onOpenRow, sort, onSortChange, className = '' }: DataListProps<Row>) {
  const columnDefs = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<typeof features, Row> => ({
          id: column.id,
          header: column.header,
          accessorFn: (row: Row) => row,
          enableSorting: Boolean(column.sortable && onSortChange),
          // A new column is asked for A to Z first (the cells are not plain values TanStack could guess from).
          sortDescFirst: false,
        }),
      ),
    [columns, onSortChange],
  );
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as Row[],
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSortChange) onSortChange({ column: first.id, direction: first.desc ? 'desc' : 'asc' });
    },
  });
  const byId = new Map(columns.map((column) => [column.id, column]));

  return (
    <div className="table-responsive">
      <table className={`table card-table table-vcenter data-list ${onOpenRow ? 'table-hover' : ''} ${className}`} role="table" aria-label={label}>
        <thead role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row">
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const sorted = header.column.getIsSorted();
                const text = column?.header ?? '';
                return (
                  <th
                    key={header.id}
                    scope="col"
                    role="columnheader"
                    className={column?.headerClassName}
                    aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {column?.headerHidden ? (
                      <span className="visually-hidden">{text}</span>
                    ) : header.column.getCanSort() ? (
                      <button type="button" className={`table-sort ${sorted || ''}`} onClick={header.column.getToggleSortingHandler()}>
                        {text}
                      </button>
                    ) : (
                      text
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup">
          {table.getRowModel().rows.map((row) => {
            const cells = row.getAllCells().map((cell) => {
              const column = byId.get(cell.column.id);
              return (
                <td
                  key={cell.id}
                  role="cell"
                  data-label={column?.headerHidden ? undefined : column?.header}
                  className={[column?.fill ? 'list-cell-fill' : '', column?.className ?? ''].join(' ').trim() || undefined}
                >
                  {cellContent(column, row.original)}
                </td>
              );
            });
            const open = onOpenRow;
            if (!open) {
              return (
                <tr key={rowKey(row.original)} role="row">
                  {cells}
                </tr>
              );
            }
            return (
              <tr
                key={rowKey(row.original)}
                role="row"
                className="clickable-row"
                tabIndex={0}
                data-list-row=""
                onClick={() => open(row.original)}
                onKeyDown={(event) => {
                  // Enter on a button or link inside the row belongs to that control.
                  if (event.key === 'Enter' && event.target === event.currentTarget) open(row.original);
                }}
              >
                {cells}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
