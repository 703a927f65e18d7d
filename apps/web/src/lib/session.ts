import { PERMISSIONS, ROLES, type Permission, type Role, type UserView } from '@civicdesk/contract';

/** Browser storage of the session (spec §3, §4): the token and the user info kept beside it. */
export const TOKEN_STORAGE_KEY = 'access_token';
export const USER_INFO_STORAGE_KEY = 'user_info';

export interface UserInfo {
  userName: string;
  userCity: string;
  starredThreads: string[];
}

/** Claims of the access token (decisions.md): read for display and gating only; the server verifies. */
export interface TokenClaims {
  sub?: string;
  role?: string;
  feature_permissions?: unknown;
  location_code?: string;
  organization_id?: string;
  exp?: number;
}

export interface SessionClaims extends TokenClaims {
  role: Role;
  feature_permissions: Permission[];
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the token is not a readable JWT. No signature check here. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** A token is usable when it decodes and its exp claim (seconds) is still ahead of now. */
export function isTokenExpired(claims: TokenClaims, now: number = Date.now()): boolean {
  return typeof claims.exp === 'number' && claims.exp * 1000 <= now;
}

/** Spec §5: role and feature_permissions must be present in the decoded token. */
export function hasRequiredClaims(claims: TokenClaims | null): claims is SessionClaims {
  if (!claims) return false;
  if (typeof claims.role !== 'string' || !(ROLES as readonly string[]).includes(claims.role)) return false;
  return Array.isArray(claims.feature_permissions);
}

/** Only known permission names survive, so a stray value cannot open a tool in the UI. */
export function permissionsOf(claims: SessionClaims): Permission[] {
  return (claims.feature_permissions as unknown[]).filter((p): p is Permission =>
    (PERMISSIONS as readonly unknown[]).includes(p),
  );
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

const EMPTY_USER_INFO: UserInfo = { userName: '', userCity: '', starredThreads: [] };

/** Reads user_info; a starredThreads value that is not an array of ids is ignored (spec §3). */
export function readUserInfo(): UserInfo {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object') return { ...EMPTY_USER_INFO, starredThreads: [] };
  const record = stored as Record<string, unknown>;
  const starred = Array.isArray(record.starredThreads)
    ? record.starredThreads.filter((id): id is string => typeof id === 'string')
    : [];
  return {
    userName: typeof record.userName === 'string' ? record.userName : '',
    userCity: typeof record.userCity === 'string' ? record.userCity : '',
    starredThreads: starred,
  };
}

/** Writes the merged user info; the result always holds a real starredThreads array. */
export function writeUserInfo(update: Partial<UserInfo>): UserInfo {
  const next = { ...readUserInfo(), ...update };
  if (!Array.isArray(next.starredThreads)) next.starredThreads = [];
  localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(next));
  return next;
}

export function toggleStarredThread(threadId: string): UserInfo {
  const { starredThreads } = readUserInfo();
  const next = starredThreads.includes(threadId)
    ? starredThreads.filter((id) => id !== threadId)
    : [...starredThreads, threadId];
  return writeUserInfo({ starredThreads: next });
}

export function displayNameOf(user: Pick<UserView, 'firstName' | 'lastName' | 'userName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.userName;
}

/** Keeps the name and city shown in the top bar in step with the signed-in user. */
export function rememberUser(user: Pick<UserView, 'firstName' | 'lastName' | 'userName' | 'location'>): UserInfo {
  return writeUserInfo({ userName: displayNameOf(user), userCity: user.location.name });
}

/**
 * Ends the session in this browser. The starred list stays: it holds only thread ids, which
 * answer 404 to anyone but their owner, and staff who sign out daily would otherwise lose it.
 */
export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const { starredThreads } = readUserInfo();
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify({ userName: '', userCity: '', starredThreads }));
  } catch {
    // Storage can be unavailable (private mode); there is nothing left to clear then.
  }
}
