import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';

export interface TokenClaims {
  sub: string;
  role: string;
  feature_permissions: string[];
  location_code: string;
  organization_id: string;
  /** The user's token version when the token was issued. */
  tv: number;
}

const ALG = 'HS256';
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // A token's signature never changes: a verified token is remembered until it expires, so the
  // HMAC runs once per token, not once per request. Revocation is the token version, checked per request.
  const verified = new Map<string, TokenClaims & { exp?: number }>();
  return {
    ttlSeconds,
    sign(claims: TokenClaims): Promise<string> {
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') throw new Error('claims');
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, payload as unknown as TokenClaims & { exp?: number });
        return payload as unknown as TokenClaims;
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new AppError('AUTH_TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
        throw new AppError('AUTH_INVALID_TOKEN', 'Invalid session token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
