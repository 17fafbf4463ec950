/**
 * The back-office session: the bearer token of `/api/admin/auth/login` (docs/api.md §19.1) and the role it
 * carries. It lives in sessionStorage, so closing the tab ends it on this side as well; the server's idle
 * (30 min) and absolute (12 h) expiry still decide, and answer 401 when the token is gone.
 */
import { useSyncExternalStore } from 'react';
import { adminRoles, type AdminRole } from '@brokerage/contract';

export const tokenStorageKey = 'adminToken';
export const roleStorageKey = 'adminRole';
const usernameStorageKey = 'adminUsername';
const expiresAtStorageKey = 'adminExpiresAt';

export interface AdminSession {
  token: string;
  role: AdminRole;
  username: string;
  expiresAt: string | null;
}

function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (adminRoles as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Some privacy modes throw on access; the session then lasts for this page only.
    return null;
  }
}

function readSession(): AdminSession | null {
  const store = storage();
  const token = store?.getItem(tokenStorageKey);
  const role = store?.getItem(roleStorageKey);
  if (!token || !isAdminRole(role)) return null;
  return {
    token,
    role,
    username: store?.getItem(usernameStorageKey) ?? '',
    expiresAt: store?.getItem(expiresAtStorageKey) ?? null,
  };
}

// useSyncExternalStore needs the same object back until the session really changes.
let current: AdminSession | null = readSession();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): AdminSession | null {
  return current;
}

export function setSession(session: AdminSession): void {
  const store = storage();
  store?.setItem(tokenStorageKey, session.token);
  store?.setItem(roleStorageKey, session.role);
  store?.setItem(usernameStorageKey, session.username);
  if (session.expiresAt) store?.setItem(expiresAtStorageKey, session.expiresAt);
  else store?.removeItem(expiresAtStorageKey);
  current = { ...session };
  emit();
}

export function clearSession(): void {
  const store = storage();
  for (const key of [tokenStorageKey, roleStorageKey, usernameStorageKey, expiresAtStorageKey]) store?.removeItem(key);
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): AdminSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
