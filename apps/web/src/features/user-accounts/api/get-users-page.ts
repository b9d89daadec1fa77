import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListRow, type UserListQuery } from '@steward/contract/user-accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const DEFAULT_USER_ORDER: UserListQuery = { sort: 'name', order: 'asc' };

/** The list's order as a query string (none for the default, so /user-accounts stays as it was). */
export const userOrderQuery = ({ sort, order }: UserListQuery): string =>
  sort === DEFAULT_USER_ORDER.sort && order === DEFAULT_USER_ORDER.order ? '' : `?sort=${sort}&order=${order}`;

/** GET /api/users/{pageIndex}?sort=&order=: 20 staff accounts, by name unless another order is asked. */
export const getUsersPage = (pageIndex: number, order: UserListQuery = DEFAULT_USER_ORDER) =>
  apiGet(`/api/users/${pageIndex}${userOrderQuery(order)}`, rowsAnswer(userListRow));

export const usersQueryKey = ['users'] as const;

export const getUsersPageQueryOptions = (pageIndex: number, order: UserListQuery = DEFAULT_USER_ORDER) =>
  queryOptions({
    queryKey: [...usersQueryKey, { pageIndex, ...order }],
    queryFn: () => getUsersPage(pageIndex, order),
    placeholderData: keepPreviousData,
  });

export const useUsersPage = (pageIndex: number, order?: UserListQuery) => useQuery(getUsersPageQueryOptions(pageIndex, order));
