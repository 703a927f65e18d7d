import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchMe } from '../api/auth';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { hasRequiredClaims, isTokenExpired } from '../lib/session';
import { useSession } from '../lib/session-context';

/** Longest delay setTimeout accepts; a later expiry is caught on the next load instead. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Auth gate of spec §2: every page outside /auth needs a valid token. While the token is read and
 * checked with the server, the full-screen 'Loading...' shows; without one the browser goes to /auth/login.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { token, claims, signOut, rememberProfile } = useSession();
  const usable = Boolean(token && claims && !isTokenExpired(claims));
  const complete = usable && hasRequiredClaims(claims);

  const me = useQuery({
    queryKey: ['me', token],
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!usable) {
      navigate('/auth/login', { replace: true, state: { from: location.pathname + location.search } });
    } else if (!complete) {
      console.error('Session token has no role or feature_permissions; signing out.');
      signOut();
    }
  }, [usable, complete, navigate, signOut, location.pathname, location.search]);

  useEffect(() => {
    if (me.data) rememberProfile(me.data);
  }, [me.data, rememberProfile]);

  // The session ends at the token's exp even if the page stays open.
  useEffect(() => {
    if (!complete || typeof claims?.exp !== 'number') return;
    const remaining = claims.exp * 1000 - Date.now();
    if (remaining > MAX_TIMER_MS) return;
    const timer = setTimeout(signOut, Math.max(remaining, 0));
    return () => clearTimeout(timer);
  }, [complete, claims?.exp, signOut]);

  // An unreachable server does not lock the user out of pages they can read; a 401 has already signed out.
  if (!complete || me.isPending) return <FullScreenLoader />;
  return <>{children}</>;
}
