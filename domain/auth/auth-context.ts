// The auth dialog's five contexts (docs/product/accounts.md#auth-dialog): title, description and badge for each.
export const AUTH_CONTEXTS = {
  general: { title: "Welcome to Zavolah", description: "Sign in to shop, learn and manage your orders.", badge: "Member" },
  zavcharge: {
    title: "ZavCharge Account",
    description: "Sign in to charge at any ZavCharge station and manage your balance.",
    badge: "ZavCharge",
  },
  academy: { title: "Zavolah Academy", description: "Sign in to enrol in courses and track your progress.", badge: "Student" },
  marketplace: { title: "Zavolah Marketplace", description: "Sign in to buy designs or open your seller store.", badge: "Marketplace" },
  investor: { title: "Investor Portal", description: "Sign in to see your investments, tiers and dividends.", badge: "Investor" },
} as const;
export type TAuthContext = keyof typeof AUTH_CONTEXTS;

/** The dialog's context follows the page the visitor is on or is going to. */
export function authContextFor(path: string): TAuthContext {
  if (path.startsWith("/zavcharge")) return "zavcharge";
  if (path.startsWith("/academy") || path.startsWith("/student")) return "academy";
  if (path.startsWith("/marketplace") || path.startsWith("/seller")) return "marketplace";
  if (path.startsWith("/investor")) return "investor";
  return "general";
}

/** Where to go after signing in (docs/product/accounts.md): the target if given, else academy/marketplace for those contexts. */
export function postLoginTarget(returnTo: string | null | undefined, context: TAuthContext, fallback: string): string {
  const safe = safeReturnTo(returnTo);
  if (safe) return safe;
  if (context === "academy") return "/academy";
  if (context === "marketplace") return "/marketplace";
  return fallback;
}

/**
 * Only same-site paths: "/x" or a bare "x" (docs/product/accounts.md#post-login-targets). Parsed as a URL against a
 * placeholder origin, so tricks a browser would read as another host ("//host", "/\\host", tabs or newlines inside) are
 * refused, and the result is checked again once parsed: dot segments ("/.//host", "/x/..//host", "/%2e//host") come
 * out of the parser as "//host", which a browser reads as another site.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value) return null;
  // Browsers drop tabs and newlines from URLs, turning "/\t/evil" into "//evil": refuse any control character or space.
  if (/[\u0000-\u0020\\]/.test(value)) return null;
  const path = value.startsWith("/") ? value : `/${value}`;
  let url: URL;
  try {
    url = new URL(path, "http://same.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://same.invalid") return null;
  return sameSitePath(url.pathname + url.search + url.hash);
}

/** A path a browser will keep on this site: one leading slash, never "//" or "/\\" (read as another host). */
export function sameSitePath(path: string): string | null {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : null;
}
