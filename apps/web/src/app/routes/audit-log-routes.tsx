import type { RouteObject } from 'react-router';
import { canReadAuditLog } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./audit-log-screens.tsx');

/** The Audit Log of staff actions (issue 14): administrators by default (read_audit_log). */
export const auditLogRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadAuditLog} />,
    children: [
      { path: 'audit-log', handle: { title: 'Audit Log' }, lazy: lazyScreen(screens, (module) => module.AuditLogScreen) },
      { path: 'audit-log/page/:page', handle: { title: 'Audit Log' }, lazy: lazyScreen(screens, (module) => module.AuditLogScreen) },
    ],
  },
];
