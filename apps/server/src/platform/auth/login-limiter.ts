import { type CounterStore, counterKey } from '../rate-limit/counters';

/**
 * Failed sign-ins, counted in PostgreSQL so every server process sees the same counts (decision
 * 022). Three windows, after OWASP's authentication cheat sheet:
 * - per account *and* address: guessing one account from one place stops after a few tries, but
 *   failing someone's password does not lock its owner out elsewhere;
 * - per address: spraying many accounts from one place stops;
 * - per account over a longer window (the slower, higher cap): guessing one account from many
 *   places stops. The owner can always end it with a password reset.
 * Only failures count, so people who type their password right are never slowed down.
 */
export interface LoginLimits {
  perAccountAndIp: number;
  perIp: number;
  windowMs: number;
  perAccount: number;
  accountWindowMs: number;
}

export function createLoginLimiter(counters: CounterStore, limits: LoginLimits) {
  const keys = (account: string, ip: string) => ({
    pair: counterKey('login-pair', account, ip),
    ip: counterKey('login-ip', ip),
    account: counterKey('login-account', account),
  });
  const pairPrefix = (account: string) => `${counterKey('login-pair', account)}:`;

  return {
    /**
     * Seconds to wait before another attempt (0 when one is allowed now), and whether the account's
     * own cap is reached: that one stops its owner too (the audit log calls it "locked").
     */
    async retryAfter(account: string, ip: string): Promise<{ seconds: number; accountLocked: boolean }> {
      const k = keys(account, ip);
      const counts = await counters.peek([k.pair, k.ip, k.account]);
      const over = [
        [k.pair, limits.perAccountAndIp],
        [k.ip, limits.perIp],
        [k.account, limits.perAccount],
      ] as const;
      const reached = over.filter(([key, max]) => (counts.get(key)?.hits ?? 0) >= max).map(([key]) => key);
      const seconds = reached.length ? Math.max(1, ...reached.map((key) => Math.ceil(counts.get(key)!.ttlMs / 1000))) : 0;
      return { seconds, accountLocked: reached.includes(k.account) };
    },
    async fail(account: string, ip: string): Promise<void> {
      const k = keys(account, ip);
      await counters.hit(k.pair, limits.windowMs);
      await counters.hit(k.ip, limits.windowMs);
      await counters.hit(k.account, limits.accountWindowMs);
    },
    /** The right password from this address: its own failures are forgiven (not the account's). */
    async succeed(account: string, ip: string): Promise<void> {
      await counters.clear([keys(account, ip).pair]);
    },
    /** A completed password reset proves the owner: every failure counted against the account goes. */
    async clearAccount(account: string): Promise<void> {
      await counters.clear([counterKey('login-account', account)], [pairPrefix(account)]);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
