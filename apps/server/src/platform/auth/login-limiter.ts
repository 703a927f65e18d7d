/**
 * Counts failed logins per account and per IP in a sliding window (in memory: one server process).
 * Only failures count, so people who type their password right are never slowed down.
 */
export function createLoginLimiter(limits: { perAccount: number; perIp: number; windowMs: number }) {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < limits.windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    /** Seconds to wait, or 0 when another attempt is allowed. */
    retryAfter(account: string, ip: string, now = Date.now()): number {
      const a = recent(`a:${account}`, now);
      const i = recent(`i:${ip}`, now);
      const blocked = [a.length >= limits.perAccount ? a : null, i.length >= limits.perIp ? i : null].filter(Boolean) as number[][];
      if (!blocked.length) return 0;
      const oldest = Math.max(...blocked.map((l) => l[0]));
      return Math.max(1, Math.ceil((oldest + limits.windowMs - now) / 1000));
    },
    fail(account: string, ip: string, now = Date.now()) {
      for (const key of [`a:${account}`, `i:${ip}`]) failures.set(key, [...recent(key, now), now]);
    },
    succeed(account: string) {
      failures.delete(`a:${account}`);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
