import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { INTEGRATION_KEY_SCOPE_LABELS, type IntegrationKeyRow, integrationKeyState, type IntegrationKeyState } from '@steward/contract/integration-keys';
import { formatDateTime } from '../../../lib/format-date.ts';

const STATE_BADGES: Record<IntegrationKeyState, { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'secondary' },
};

interface IntegrationKeyItemProps {
  integrationKey: IntegrationKeyRow;
  now: Date;
  onEditScopes: () => void;
  onRevoke: () => void;
}

/** One key of the list: its name, public prefix, state, scopes, who made it, expiry and last use; Edit scopes and Revoke. */
export function IntegrationKeyItem({ integrationKey: key, now, onEditScopes, onRevoke }: IntegrationKeyItemProps) {
  const state = integrationKeyState(key, now);
  const badge = STATE_BADGES[state];
  return (
    <li className="list-group-item" data-testid="integration-key">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h4 mb-0">{key.name}</h3>
        <code>{key.prefix}</code>
        <Badge bg={`${badge.tone}-subtle`} text={`${badge.tone}-emphasis`}>
          {badge.label}
        </Badge>
        {state === 'revoked' ? null : (
          <div className="ms-md-auto d-flex gap-2">
            <Button variant="outline-secondary" size="sm" onClick={onEditScopes} aria-label={`Edit scopes of ${key.name}`}>
              Edit scopes
            </Button>
            <Button variant="outline-danger" size="sm" onClick={onRevoke} aria-label={`Revoke ${key.name}`}>
              Revoke
            </Button>
          </div>
        )}
      </div>
      <dl className="row mb-0 small">
        <dt className="col-sm-3 col-lg-2">May</dt>
        <dd className="col-sm-9 col-lg-10">{key.scopes.map((scope) => INTEGRATION_KEY_SCOPE_LABELS[scope]).join(', ')}</dd>
        <dt className="col-sm-3 col-lg-2">Created</dt>
        <dd className="col-sm-9 col-lg-10">
          {formatDateTime(key.created_at)} by {key.created_by}
        </dd>
        <dt className="col-sm-3 col-lg-2">Expires</dt>
        <dd className="col-sm-9 col-lg-10">{key.expires_at ? formatDateTime(key.expires_at) : 'Never'}</dd>
        <dt className="col-sm-3 col-lg-2">Last used</dt>
        <dd className="col-sm-9 col-lg-10">{key.last_used_at ? `${formatDateTime(key.last_used_at)} from ${key.last_used_ip ?? 'an unknown address'}` : 'Never'}</dd>
        {key.revoked_at ? (
          <>
            <dt className="col-sm-3 col-lg-2">Revoked</dt>
            <dd className="col-sm-9 col-lg-10">{formatDateTime(key.revoked_at)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}
