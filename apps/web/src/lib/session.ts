import { useSyncExternalStore } from 'react';
import { ROLE_ALL, type Permission, type User } from '@storelift/shared';
import { abortAllRequests } from './api';
import { clearToken, getToken, setToken } from './token';

/** What the client knows of the signed-in user (the token itself lives in localStorage). */
/** The query key of the current user (`POST me`): features/auth reads it, a role change refreshes it. */
export const authKeys = { me: ['auth', 'me'] as const };

export interface SessionState {
  user: User | null;
  /** `all` plus the user's roles (customer-area §4). */
  roles: readonly string[];
  /** The permission names the user's roles are granted (`POST me`): menus, routes and buttons follow them. */
  permissions: readonly string[];
}

const SIGNED_OUT: SessionState = { user: null, roles: [], permissions: [] };
let state: SessionState = SIGNED_OUT;
const listeners = new Set<() => void>();
const cleanups = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The role list of a session: `all` first, then the user's own roles. */
export function rolesOf(roles: readonly string[]): string[] {
  return [ROLE_ALL, ...roles.filter((role) => role !== ROLE_ALL)];
}

export const session = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAuthenticated: (): boolean => Boolean(getToken()),
  /** After login, register or `me`: remembers the user, the role list and (from `me`) the permissions. */
  setUser(user: User, roles: readonly string[] = user.roles, permissions = state.permissions): void {
    state = { user, roles: rolesOf(roles), permissions };
    emit();
  },
  /** Stores a token (login, `?access_token=`, or a `new_token` from `me`). */
  setToken(token: string): void {
    setToken(token);
    emit();
  },
};

export type SessionEndReason = 'logout' | 'unauthenticated' | 'unverified' | 'idle' | 'other-tab';

/** Registers data to drop when a session ends (the query cache registers itself when it loads). */
export function onSessionCleanup(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Called after a session ends, to leave for the sign-in page (main.tsx registers it). */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/**
 * Ends the session locally: removes the token, forgets the user, drops all cached data and aborts
 * pending requests, then lets the router go to sign-in. The caller does `POST logout` first if it wants.
 */
export function endSession(reason: SessionEndReason, { navigate = true }: { navigate?: boolean } = {}): void {
  abortAllRequests();
  clearToken();
  state = SIGNED_OUT;
  for (const cleanup of cleanups) cleanup();
  emit();
  if (navigate) for (const listener of endListeners) listener(reason);
}

/** Whether the signed-in user holds a permission (staff-admin §2, component-level check). */
export function useCan(permission: Permission): boolean {
  return useSyncExternalStore(session.subscribe, () => state.permissions.includes(permission));
}

/** The session in React; re-renders when the user, roles or token change. */
export function useSession(): SessionState & { authenticated: boolean } {
  const current = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { ...current, authenticated: session.isAuthenticated() };
}
