import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataList } from './data-list.tsx';
import type { ListColumn } from './list-column.ts';

interface Person {
  id: number;
  name: string;
  email: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Ada', email: 'ada@example.com' },
  { id: 2, name: 'Grace', email: 'grace@example.com' },
];

const COLUMNS: ListColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (person) => person.name, sortable: true },
  { id: 'email', header: 'Email Address', cell: (person) => person.email, sortable: true, className: 'text-break' },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: (person) => <button type="button">Delete {person.name}</button> },
];

describe('DataList', () => {
  it("shows the spec's columns and each cell labelled with its column (the phone cards' labels)", () => {
    render(<DataList label="People" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Email Address', 'Actions']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Email Address', null, 'Name', 'Email Address', null]);
    expect(cells[1]).toHaveClass('text-break');
    expect(cells[1]).toHaveTextContent('ada@example.com');
  });

  it('holds a short column\'s value in its capped span, and leaves the cell empty without a value (hidden on a phone)', () => {
    const columns: ListColumn<Person>[] = [{ id: 'email', header: 'Email Address', cell: (person) => (person.id === 1 ? person.email : ''), short: true }];
    render(<DataList label="People" columns={columns} rows={PEOPLE} rowKey={(person) => person.id} />);
    const [withValue, without] = within(screen.getByRole('table', { name: 'People' })).getAllByRole('cell');
    expect(withValue?.querySelector('.list-short')).toHaveTextContent('ada@example.com');
    expect(without).toBeEmptyDOMElement();
  });

  it('opens a row on click and on Enter with the row focused, but not on Enter in a control inside it', () => {
    const open = vi.fn();
    render(<DataList label="People" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.id} onOpenRow={open} />);
    const rows = screen.getAllByRole('row').slice(1);
    fireEvent.click(rows[1] as HTMLElement);
    expect(open).toHaveBeenLastCalledWith(PEOPLE[1]);
    fireEvent.keyDown(rows[0] as HTMLElement, { key: 'Enter' });
    expect(open).toHaveBeenLastCalledWith(PEOPLE[0]);
    open.mockClear();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Delete Ada' }), { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
  });

  it('says the order the server answered in, and asks for the other one from a sortable header', () => {
    const sortBy = vi.fn();
    render(<DataList label="People" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.id} sort={{ column: 'name', direction: 'asc' }} onSortChange={sortBy} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Email Address' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(sortBy).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: 'Email Address' }));
    expect(sortBy).toHaveBeenLastCalledWith({ column: 'email', direction: 'asc' });
  });

  it('offers no sort buttons where the call cannot order', () => {
    render(<DataList label="People" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.id} />);
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull();
  });
});
