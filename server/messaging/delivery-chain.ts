// The part e-mail and SMS delivery share: providers tried in order, HTTP answers turned into the failures
// docs/product/messaging.md names (403, 429, 451), and the one error said when every provider failed.

/** Why a provider did not take a message; the outbox job decides what each means for the row. */
export type TFailureKind =
  /** 429: too many requests; this provider is tried again later (Retry-After honoured), the next one now. */
  | "rate-limited"
  /** 401/403: the key is wrong or not allowed (IP not authorised, sender not verified): admins must act. */
  | "forbidden"
  /** 451: the provider will not send this message for legal reasons (blocked recipient, region or content). */
  | "legal"
  /** Anything else: outage, timeout, bad answer. */
  | "failed";

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: TFailureKind,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type TProvider<M> = {
  /** Stored on the outbox row: "klaviyo", "brevo", "smtp", "mailbox", "twilio", "termii". */
  name: string;
  /** Said to people: "Klaviyo", "Brevo", "SMTP"... */
  label: string;
  send(msg: M): Promise<{ messageId: string }>;
};

export type TFailure = { provider: string; label: string; kind: TFailureKind; status?: number; message: string };

export type TChainResult =
  | { ok: true; provider: string; messageId: string; failures: TFailure[] }
  | { ok: false; error: string; retryAfterMs?: number; failures: TFailure[] };

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function kindOf(status: number): TFailureKind {
  if (status === 429) return "rate-limited";
  if (status === 401 || status === 403) return "forbidden";
  if (status === 451) return "legal";
  return "failed";
}

/** POSTs to a provider's API and returns the parsed JSON answer (or null when empty); throws ProviderError. */
export async function postToProvider(
  label: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: init.headers, body: init.body, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new ProviderError(`${label}: ${(error as Error).message}`, "failed");
  }
  const raw = await res.text();
  if (!res.ok) {
    const detail = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
    throw new ProviderError(
      `${label} HTTP error! status: ${res.status}${detail ? ` ${detail}` : ""}`,
      kindOf(res.status),
      res.status,
      parseRetryAfter(res.headers.get("retry-after")),
    );
  }
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ProviderError(`${label}: the answer was not JSON`, "failed", res.status);
  }
}

/**
 * Tries each provider in order until one takes the message. Every failure moves on to the next provider at
 * once; when all failed the error lists the ones tried, e.g. "Email delivery failed on all services
 * (Klaviyo, Brevo, SMTP)", and the longest Retry-After any of them asked for.
 */
export async function sendThroughChain<M>(channel: "Email" | "SMS", providers: TProvider<M>[], msg: M): Promise<TChainResult> {
  const failures: TFailure[] = [];
  let retryAfter: number | undefined;
  for (const provider of providers) {
    try {
      const { messageId } = await provider.send(msg);
      return { ok: true, provider: provider.name, messageId, failures };
    } catch (error) {
      const e =
        error instanceof ProviderError
          ? error
          : new ProviderError(`${provider.label}: ${error instanceof Error ? error.message : String(error)}`, "failed");
      failures.push({ provider: provider.name, label: provider.label, kind: e.kind, status: e.status, message: e.message });
      if (e.retryAfterMs !== undefined) retryAfter = Math.max(retryAfter ?? 0, e.retryAfterMs);
    }
  }
  const tried = providers.map((p) => p.label).join(", ");
  const details = failures.map((f) => f.message).join("; ");
  return {
    ok: false,
    error: `${channel} delivery failed on all services (${tried})${details ? `. ${details}` : ""}`,
    retryAfterMs: retryAfter,
    failures,
  };
}
