import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPersonRow, type AuditLogPerson } from '@steward/contract/audit-log';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiGet } from '../../../lib/api-client.ts';
import { auditLogQueryKeys } from './audit-log-query-keys.ts';

/** GET /api/audit-log-people: the person filter's choices. */
export const getAuditLogPeople = async (): Promise<AuditLogPerson[]> => (await apiGet('/api/audit-log-people', rowsAnswer(auditLogPersonRow))).data.rows;

export const useAuditLogPeople = () => useQuery(queryOptions({ queryKey: auditLogQueryKeys.people, queryFn: getAuditLogPeople }));
