import type { AuditLogListRequest } from '@steward/contract/audit-log';

/** Query keys of the audit log's data. */
export const auditLogQueryKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditLogListRequest, pageIndex: number) => ['audit-log', 'page', { filters, pageIndex }] as const,
  people: ['audit-log', 'people'] as const,
};
