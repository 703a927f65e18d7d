import { describe, expect, it } from 'vitest';
import { USER_INFO_STORAGE_KEY, decodeToken, hasRequiredClaims, readUserInfo, toggleStarredThread, clearSession, storeToken, readToken } from './session';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const tokenWith = (claims: unknown) => `${b64({ alg: 'HS256' })}.${b64(claims)}.signature`;

describe('session token', () => {
  it('decodes the claims of a JWT and rejects what is not one', () => {
    expect(decodeToken(tokenWith({ sub: 'u1', role: 'CLERK' }))).toMatchObject({ sub: 'u1', role: 'CLERK' });
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('requires a known role and a feature_permissions array (spec §5)', () => {
    expect(hasRequiredClaims(decodeToken(tokenWith({ role: 'CLERK', feature_permissions: ['AGENDA_SEARCH'] })))).toBe(true);
    expect(hasRequiredClaims(decodeToken(tokenWith({ role: 'CLERK' })))).toBe(false);
    expect(hasRequiredClaims(decodeToken(tokenWith({ feature_permissions: [] })))).toBe(false);
    expect(hasRequiredClaims(decodeToken(tokenWith({ role: 'EMPEROR', feature_permissions: [] })))).toBe(false);
  });
});

describe('stored user info', () => {
  it('ignores a starred-threads value that is not an array (spec §3)', () => {
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify({ userName: 'Jordan', userCity: 'DC', starredThreads: 'abc' }));
    expect(readUserInfo()).toEqual({ userName: 'Jordan', userCity: 'DC', starredThreads: [] });
    expect(toggleStarredThread('t1').starredThreads).toEqual(['t1']);
    expect(toggleStarredThread('t2').starredThreads).toEqual(['t1', 't2']);
    expect(toggleStarredThread('t1').starredThreads).toEqual(['t2']);
  });

  it('clears the token on logout but keeps the starred list', () => {
    storeToken('x.y.z');
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify({ userName: 'Jordan', userCity: 'DC', starredThreads: ['t1'] }));
    clearSession();
    expect(readToken()).toBeNull();
    expect(readUserInfo()).toEqual({ userName: '', userCity: '', starredThreads: ['t1'] });
  });
});
