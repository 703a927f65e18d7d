import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Permission, Role, SessionResponse, UserView } from '@civicdesk/contract';
import { setUnauthorizedHandler } from '../api/client';
import {
  TOKEN_STORAGE_KEY,
  USER_INFO_STORAGE_KEY,
  clearSession,
  decodeToken,
  hasRequiredClaims,
  permissionsOf,
  readToken,
  readUserInfo,
  rememberUser,
  storeToken,
  toggleStarredThread,
  type TokenClaims,
  type UserInfo,
} from './session';

interface SessionValue {
  token: string | null;
  /** The decoded token, whether or not it carries every required claim. */
  claims: TokenClaims | null;
  role: Role | null;
  permissions: Permission[];
  locationCode: string | null;
  userInfo: UserInfo;
  /** Stores a login answer; false (and signed out) when the token lacks role or permissions. */
  signIn: (answer: Pick<SessionResponse, 'access_token' | 'user'>) => boolean;
  signOut: () => void;
  rememberProfile: (user: UserView) => void;
  toggleStar: (threadId: string) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readToken);
  const [userInfo, setUserInfo] = useState<UserInfo>(readUserInfo);

  const endSession = useCallback(() => {
    clearSession();
    setToken(null);
    setUserInfo(readUserInfo());
    queryClient.clear();
    navigate('/auth/login', { replace: true });
  }, [navigate, queryClient]);

  // A 401 from any call ends the session through the router (the client has already cleared storage).
  useEffect(() => setUnauthorizedHandler(endSession), [endSession]);

  // Another tab signing in or out changes this tab too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) setToken(readToken());
      if (event.key === USER_INFO_STORAGE_KEY || event.key === null) setUserInfo(readUserInfo());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback<SessionValue['signIn']>(
    (answer) => {
      const claims = decodeToken(answer.access_token);
      if (!hasRequiredClaims(claims)) {
        console.error('Sign-in token has no role or feature_permissions; signing out.');
        endSession();
        return false;
      }
      queryClient.clear();
      storeToken(answer.access_token);
      setUserInfo(rememberUser(answer.user));
      setToken(answer.access_token);
      return true;
    },
    [endSession, queryClient],
  );

  const rememberProfile = useCallback((user: UserView) => setUserInfo(rememberUser(user)), []);
  const toggleStar = useCallback((threadId: string) => setUserInfo(toggleStarredThread(threadId)), []);

  const value = useMemo<SessionValue>(() => {
    const claims = decodeToken(token);
    const complete = hasRequiredClaims(claims);
    return {
      token,
      claims,
      role: complete ? claims.role : null,
      permissions: complete ? permissionsOf(claims) : [],
      locationCode: typeof claims?.location_code === 'string' ? claims.location_code : null,
      userInfo,
      signIn,
      signOut: endSession,
      rememberProfile,
      toggleStar,
    };
  }, [token, userInfo, signIn, endSession, rememberProfile, toggleStar]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
