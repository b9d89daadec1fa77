import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListRow } from '@steward/contract/user-accounts';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';

export const getUsersPage = (pageIndex: number) => apiGet(`/api/users/${pageIndex}`, rowsAnswer(userListRow));

export const usersQueryKey = ['users'] as const;

export const getUsersPageQueryOptions = (pageIndex: number) =>
  queryOptions({ queryKey: [...usersQueryKey, { pageIndex }], queryFn: () => getUsersPage(pageIndex), placeholderData: keepPreviousData });

export const useUsersPage = (pageIndex: number) => useQuery(getUsersPageQueryOptions(pageIndex));
