import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { pageCount } from '@steward/contract/paging';
import { MEMBER_LIST_MESSAGES, MEMBER_LIST_PAGE_SIZE, MEMBER_SEARCH_MAX_LENGTH, type MemberListQuery } from '@steward/contract/member-lists';

/** A member list's search and page, kept in the card (Sign-in security holds several such lists on one screen). */
export function useMemberListQuery(): [MemberListQuery, { search: (text: string) => void; goTo: (page: number) => void }] {
  const [query, setQuery] = useState<MemberListQuery>({ search: '', page: 0 });
  const [actions] = useState(() => ({
    search: (text: string) => setQuery({ search: text.trim(), page: 0 }),
    goTo: (page: number) => setQuery((current) => ({ ...current, page })),
  }));
  return [query, actions];
}

/** Back to the last page when the one shown emptied (its last member's sessions ended, say). */
export function useStayWithinPages(page: number, answer: { rows: unknown[]; total_count: number } | undefined, goTo: (page: number) => void): void {
  const emptied = answer !== undefined && answer.rows.length === 0 && answer.total_count > 0 && page > 0;
  useEffect(() => {
    if (emptied && answer) goTo(pageCount(answer.total_count, MEMBER_LIST_PAGE_SIZE) - 1);
  }, [emptied, answer, goTo]);
}

/** Finds a member by a part of their name or address; an empty search lists everyone again. */
export function MemberSearch({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <Form role="search" aria-label={label} onSubmit={submit} className="d-flex flex-column flex-sm-row gap-2 px-3 pt-3">
      <Form.Label htmlFor={id} visuallyHidden>
        {MEMBER_LIST_MESSAGES.searchLabel}
      </Form.Label>
      <Form.Control id={id} type="search" size="sm" value={typed} maxLength={MEMBER_SEARCH_MAX_LENGTH} placeholder="Name or email address" onChange={(event) => setTyped(event.target.value)} />
      <Button type="submit" size="sm" variant="outline-primary">
        Find
      </Button>
    </Form>
  );
}

/** "11–20 of 612" with Previous and Next, shown once the list has more than one page. */
export function MemberPager({ label, page, totalCount, onPage }: { label: string; page: number; totalCount: number; onPage: (page: number) => void }) {
  const pages = pageCount(totalCount, MEMBER_LIST_PAGE_SIZE);
  if (pages <= 1) return null;
  const first = page * MEMBER_LIST_PAGE_SIZE + 1;
  const last = Math.min(totalCount, first + MEMBER_LIST_PAGE_SIZE - 1);
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center justify-content-between gap-2 px-3 pb-3">
      <span className="text-body-secondary small">
        {first}–{last} of {totalCount}
      </span>
      <span className="d-flex gap-2">
        <Button size="sm" variant="outline-secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline-secondary" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

/** The address part of a member list's call. */
export const memberListSearchParams = ({ search, page }: MemberListQuery): string =>
  `?${new URLSearchParams({ ...(search ? { search } : {}), page: String(page) }).toString()}`;
