export type TTheme = "dark" | "light";

/** Dark by default (docs/product/site-shell.md#theme); the choice lives in a cookie so the server renders the right theme. */
export function themeFromCookie(cookieHeader: string | null): TTheme {
  const match = /(?:^|;\s*)theme=(light|dark)/.exec(cookieHeader ?? "");
  return match?.[1] === "light" ? "light" : "dark";
}

export function themeCookie(theme: TTheme): string {
  return `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
