// Refused charger sign-ins per address (docs/decisions/0015-ocpp-central-system.md): every attempt costs an
// scrypt hash, so an address that keeps failing is turned away before the hash (429) until its window ends.
// Successful sign-ins are not counted, so a site full of chargers reconnecting after a power cut is never
// blocked. Per process, in memory: enough to keep one instance's CPU for real chargers.

export type TAuthFailureLimit = {
  blocked(address: string, now?: number): boolean;
  failed(address: string, now?: number): void;
};

export function createAuthFailureLimit(maxFailures = 20, windowMs = 15 * 60_000, maxAddresses = 10_000): TAuthFailureLimit {
  const seen = new Map<string, { count: number; since: number }>();
  const current = (address: string, now: number) => {
    const entry = seen.get(address);
    if (entry && now - entry.since >= windowMs) {
      seen.delete(address);
      return undefined;
    }
    return entry;
  };
  return {
    blocked: (address, now = Date.now()) => (current(address, now)?.count ?? 0) >= maxFailures,
    failed(address, now = Date.now()) {
      const entry = current(address, now);
      if (entry) entry.count += 1;
      else {
        if (seen.size >= maxAddresses) seen.delete(seen.keys().next().value!);
        seen.set(address, { count: 1, since: now });
      }
    },
  };
}
