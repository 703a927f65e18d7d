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

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') throw new Error('claims');
        return payload as unknown as TokenClaims;
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new AppError('AUTH_TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
        throw new AppError('AUTH_INVALID_TOKEN', 'Invalid session token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
