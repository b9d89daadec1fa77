import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PaginationBar, visiblePages } from './pagination-bar.tsx';

describe('visiblePages', () => {
  it('shows every page when there are few', () => {
    expect(visiblePages(1, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the first, the last and a window around the current page', () => {
    expect(visiblePages(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });
});

describe('PaginationBar', () => {
  it('shows at least one page, and links pages with the filter, highlighting the current one', () => {
    render(
      <MemoryRouter>
        <PaginationBar basePath="/feedback" currentPage={2} totalCount={61} pageSize={30} filter="down" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/feedback/page/1/down',
      '/feedback/page/2/down',
      '/feedback/page/3/down',
    ]);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows page 1 for an empty list', () => {
    render(
      <MemoryRouter>
        <PaginationBar basePath="/history" currentPage={1} totalCount={0} pageSize={30} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
