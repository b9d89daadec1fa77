import { auditActionGroupSchema, auditActionSchema, type AuditAction, type AuditActionGroup, type AuditLogListRequest } from '@steward/contract/audit-log';

/** The Audit Log's filters as the screen keeps them in the URL query (?person=…&action=…&group=…&from=…&to=…). */
export interface AuditFilters {
  personId?: number;
  action?: AuditAction;
  /** A group of actions (issue 56: every identity event), chosen in the Action list in place of one action. */
  group?: AuditActionGroup;
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the URL query; anything malformed reads as no filter, as a bad page number reads as page 1. */
export function filtersFromQuery(query: URLSearchParams): AuditFilters {
  const person = Number(query.get('person'));
  const action = auditActionSchema.safeParse(query.get('action'));
  const group = auditActionGroupSchema.safeParse(query.get('group'));
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  return {
    ...(Number.isInteger(person) && person > 0 ? { personId: person } : {}),
    ...(action.success ? { action: action.data } : {}),
    ...(group.success ? { group: group.data } : {}),
    ...(ISO_DAY.test(from) ? { from } : {}),
    ...(ISO_DAY.test(to) ? { to } : {}),
  };
}

/** The URL query for filters: '' when there are none, else "?person=…" with only the filters set. */
export function queryOfFilters(filters: AuditFilters): string {
  const query = new URLSearchParams();
  if (filters.personId !== undefined) query.set('person', String(filters.personId));
  if (filters.action) query.set('action', filters.action);
  if (filters.group) query.set('group', filters.group);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Only the filters that are set: a cleared field drops out rather than staying as '' or undefined. */
export const withoutEmptyFilters = (filters: Partial<AuditFilters>): AuditFilters => ({
  ...(filters.personId === undefined ? {} : { personId: filters.personId }),
  ...(filters.action ? { action: filters.action } : {}),
  ...(filters.group ? { group: filters.group } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
});

export const hasFilters = (filters: AuditFilters): boolean => queryOfFilters(filters) !== '';

/** The list call's body: the filters, with the browser's offset so days are the viewer's days. */
export const listRequestOf = (filters: AuditFilters, timezoneOffsetHours: number): AuditLogListRequest => ({
  ...(filters.personId === undefined ? {} : { actor_id: filters.personId }),
  ...(filters.action ? { action: filters.action } : {}),
  ...(filters.group ? { action_group: filters.group } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.from || filters.to ? { timezone_offset_hours: timezoneOffsetHours } : {}),
});

/** The export's query (GET /api/export/audit-log): the URL's filters, with the browser's offset when days are set. */
export const exportQueryOf = (filters: AuditFilters, timezoneOffsetHours: number): string => {
  const query = queryOfFilters(filters);
  return filters.from || filters.to ? `${query}&tz=${timezoneOffsetHours}` : query;
};
