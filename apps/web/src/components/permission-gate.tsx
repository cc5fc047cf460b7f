import type { ReactNode } from 'react';
import type { Permission } from '@storelift/shared';
import { useCan } from '../lib/session';

/**
 * Renders its children only for a user granted the permission (staff-admin §2, component-level check): the
 * same permission the server checks on the call behind them, so the page never offers what it would refuse.
 */
export function PermissionGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null;
}
