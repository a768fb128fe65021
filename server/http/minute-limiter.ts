// A count of attempts per address in fixed one-minute windows, kept in this process's memory: for what a flood must
// not reach the database or Redis with (visitors' error reports, wrong /metrics tokens), where a count per instance is
// enough. Sign-in, PIN and code limits are shared by every instance (server/auth/rate-limits.ts).

export type TMinuteLimits = {
  /** Attempts an address may make in a minute. */
  perAddress: number;
  /** Attempts this instance takes in a minute from everyone together. */
  total?: number;
  /** Addresses counted at once; past that, a new address is refused for the rest of the minute. */
  maxAddresses?: number;
};

export function createMinuteLimiter({ perAddress, total = Number.POSITIVE_INFINITY, maxAddresses = 10_000 }: TMinuteLimits) {
  let windowStarted = Number.NEGATIVE_INFINITY;
  let counted = 0;
  const byAddress = new Map<string, number>();
  const turn = (now: number) => {
    if (now - windowStarted < 60_000) return;
    windowStarted = now;
    counted = 0;
    byAddress.clear();
  };
  return {
    /** Whether the address has used its attempts, or the instance all of them, this minute. */
    tooMany(address: string, now = Date.now()): boolean {
      turn(now);
      if (counted >= total) return true;
      if (!byAddress.has(address)) return byAddress.size >= maxAddresses;
      return byAddress.get(address)! >= perAddress;
    },
    /** Counts one attempt of the address. */
    count(address: string, now = Date.now()): void {
      turn(now);
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      counted += 1;
    },
  };
}
