import { createCookie } from "react-router";
import { z } from "zod";
import type { TToastMessage } from "~/lib/toast";

// One-shot toast carried across a redirect (e.g. "Access Denied"); root's loader reads and clears it.
const flashCookie = createCookie("zavolah_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

const ZFlash = z.object({
  type: z.enum(["success", "error", "info", "warning"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
}) satisfies z.ZodType<TToastMessage>;
export type TFlash = TToastMessage;

export async function flashHeader(flash: TFlash): Promise<string> {
  return flashCookie.serialize(flash);
}

export async function readFlash(request: Request): Promise<{ flash: TFlash | null; clear: string | null }> {
  const raw = await flashCookie.parse(request.headers.get("cookie"));
  if (!raw) return { flash: null, clear: null };
  const parsed = ZFlash.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
