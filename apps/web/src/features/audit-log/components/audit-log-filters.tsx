import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionGroupSchema, auditPersonLabel } from '@steward/contract/audit-log';
import { useAuditLogPeople } from '../api/get-audit-log-people.ts';
import { type AuditFilters, hasFilters, withoutEmptyFilters } from '../audit-filters.ts';

/** An Action list value naming a group of actions rather than one (no action's name holds a colon). */
const GROUP_PREFIX = 'group:';

/** The Action list's value as filters: one action, a group of them, or neither. */
const actionChoice = (value: string): Partial<AuditFilters> => ({
  action: AUDIT_ACTIONS.find((action) => action === value),
  group: value.startsWith(GROUP_PREFIX) ? auditActionGroupSchema.safeParse(value.slice(GROUP_PREFIX.length)).data : undefined,
});

interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

/** Person, action and the days from and to: each change applies at once (and goes into the URL). */
export function AuditLogFilters({ filters, onChange }: AuditLogFiltersProps) {
  const people = useAuditLogPeople().data ?? [];
  const set = (change: Partial<AuditFilters>) => onChange(withoutEmptyFilters({ ...filters, ...change }));

  return (
    <Form aria-label="Filter the audit log" className="mb-3" onSubmit={(event) => event.preventDefault()}>
      <Row className="g-2 align-items-end">
        <Col xs={12} md={3}>
          <Form.Group controlId="audit-filter-person">
            <Form.Label>Person</Form.Label>
            <Form.Select
              value={filters.personId ?? ''}
              onChange={(event) => set({ personId: event.target.value === '' ? undefined : Number(event.target.value) })}
            >
              <option value="">Everyone</option>
              {people.map((person) => (
                <option key={person.actor_id} value={person.actor_id}>
                  {auditPersonLabel(person)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={3}>
          <Form.Group controlId="audit-filter-action">
            <Form.Label>Action</Form.Label>
            <Form.Select
              value={filters.group ? `${GROUP_PREFIX}${filters.group}` : (filters.action ?? '')}
              onChange={(event) => set(actionChoice(event.target.value))}
            >
              <option value="">All actions</option>
              <option value={`${GROUP_PREFIX}identity`}>All identity events</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="audit-filter-from">
            <Form.Label>From</Form.Label>
            <Form.Control type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => set({ from: event.target.value || undefined })} />
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="audit-filter-to">
            <Form.Label>To</Form.Label>
            <Form.Control type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => set({ to: event.target.value || undefined })} />
          </Form.Group>
        </Col>
        <Col xs={12} md={2}>
          <Button variant="outline-secondary" className="w-100" disabled={!hasFilters(filters)} onClick={() => onChange({})}>
            Clear filters
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
