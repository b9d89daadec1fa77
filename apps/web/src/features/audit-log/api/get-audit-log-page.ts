import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPageAnswer, type AuditLogListRequest, type AuditLogPage } from '@steward/contract/audit-log';
import { apiPost } from '../../../lib/api-client.ts';
import { auditLogQueryKeys } from './audit-log-query-keys.ts';

/** POST /api/audit-log/{pageIndex} with the filters (days read in the browser's time zone). */
export const getAuditLogPage = async (filters: AuditLogListRequest, pageIndex: number): Promise<AuditLogPage> =>
  (await apiPost(`/api/audit-log/${pageIndex}`, filters, auditLogPageAnswer)).data;

export const getAuditLogPageQueryOptions = (filters: AuditLogListRequest, pageIndex: number) =>
  queryOptions({
    queryKey: auditLogQueryKeys.page(filters, pageIndex),
    queryFn: () => getAuditLogPage(filters, pageIndex),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAuditLogPage = (filters: AuditLogListRequest, pageIndex: number) => useQuery(getAuditLogPageQueryOptions(filters, pageIndex));
