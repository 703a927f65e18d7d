import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE_MAX_ATTEMPTS } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type CodePurpose, findLatestCode, markCodeUsed, recordCodeAttempt, replaceCode } from './repo';

/** 6-digit one-time codes for invitations and password resets; only a hash is stored. */
const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

export async function issueCode(db: Db, userId: string, purpose: CodePurpose, ttlMs: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceCode(db, {
    id: randomUUID(),
    userId,
    purpose,
    codeHash: hashCode(userId, code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

export const invalidCode = () =>
  new AppError('VALIDATION_FAILED', 'This code is not valid or has expired. Ask for a new code.', [
    { field: 'body.code', message: 'Code not valid or expired' },
  ]);

/** Checks a code, counting the attempt; the code dies after CODE_MAX_ATTEMPTS wrong tries. */
export async function checkCode(db: Db, userId: string, purpose: CodePurpose, code: string, consume: boolean) {
  const row = await findLatestCode(db, userId, purpose);
  if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) throw invalidCode();
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(userId, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await recordCodeAttempt(db, row.id);
    const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
    if (left <= 0) throw new AppError('VALIDATION_FAILED', 'Too many wrong codes. Ask for a new code.', [{ field: 'body.code', message: 'No attempts left' }]);
    throw new AppError('VALIDATION_FAILED', `The code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`, [
      { field: 'body.code', message: 'Wrong code' },
    ]);
  }
  if (consume) await markCodeUsed(db, row.id);
}
