import type { ReactNode } from 'react';
import { hasAnyRole } from '@storelift/shared';
import { useSession } from '../lib/session';

/** Renders its children only for a user holding one of the allowed roles (staff-admin §2). */
export function RoleGate({ allowed, children }: { allowed: readonly string[]; children: ReactNode }) {
  const { roles } = useSession();
  return hasAnyRole(roles, allowed) ? <>{children}</> : null;
}
