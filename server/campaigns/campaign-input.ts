import { z } from "zod";
import { isEmailAddress } from "@domain/messaging/email-address";

// The compose form's rules (docs/product/campaigns.md#compose-form), checked on the server.

export { INVALID_EMAIL_FORMAT as INVALID_EMAIL } from "@domain/messaging/email-address";

export const MAX_RECIPIENTS = 10_000;

export type TParsedList = {
  valid: { email: string; name: string | null }[];
  /** Entries that are not an address, each counted as failed with INVALID_EMAIL. */
  invalid: string[];
  duplicates: number;
};

/**
 * A pasted or imported list: one address a line, or several separated by commas, semicolons or spaces;
 * "Name <address>" and CSV rows ("address,name" or "name,address", a header row without @ is skipped).
 * Addresses are lower-cased and duplicates removed.
 */
export function parseRecipientList(text: string): TParsedList {
  const seen = new Set<string>();
  const seenInvalid = new Set<string>();
  const out: TParsedList = { valid: [], invalid: [], duplicates: 0 };
  const add = (raw: string, name: string | null) => {
    const email = raw
      .trim()
      .replace(/^mailto:/i, "")
      .toLowerCase();
    if (!email) return;
    if (!isEmailAddress(email)) {
      if (!seenInvalid.has(email)) out.invalid.push(raw.trim().slice(0, 254));
      seenInvalid.add(email);
      return;
    }
    if (seen.has(email)) return void out.duplicates++;
    seen.add(email);
    out.valid.push({ email, name: name?.trim().slice(0, 100) || null });
  };
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    const named = /^"?([^"<]*?)"?\s*<([^>]*)>$/.exec(trimmed);
    if (named) return add(named[2]!, named[1] || null);
    const cells = trimmed.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ""));
    if (cells.length > 1) {
      const withAt = cells.filter((c) => c.includes("@"));
      if (withAt.length === 0) {
        if (index === 0 || cells.every((c) => /^(e-?mail|name|first ?name|last ?name|tags?)$/i.test(c) || !c)) return; // a header row
        return add(trimmed, null);
      }
      // One address with a name beside it, or a row of addresses.
      if (withAt.length === 1) return add(withAt[0]!, cells.find((c) => c && !c.includes("@")) ?? null);
      return withAt.flatMap((c) => c.split(/\s+/)).forEach((c) => add(c, null));
    }
    for (const word of trimmed.split(/\s+/)) add(word, null);
  });
  return out;
}

const ZLogoUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === "" || /^https:\/\/[^\s"'<>]+$/i.test(v) || /^\/(?!\/)[^\s"'<>]*$/.test(v),
    "The logo must be an https:// address or a path on this site, such as /favicon.svg",
  );

/** The composed campaign, as the form sends it. The sender domain is checked separately (it comes from MAIL_FROM). */
export const ZCampaignInput = z.object({
  senderName: z.string().trim().min(1, "Enter the sender's name").max(100, "Keep the sender's name under 100 characters"),
  senderEmail: z.string().trim().toLowerCase().refine(isEmailAddress, "Enter the sender's e-mail address"),
  subject: z.string().trim().min(1, "Enter a subject").max(200, "Keep the subject under 200 characters"),
  html: z.string().trim().min(1, "Write the message").max(200_000, "The message is too long (200,000 characters at most)"),
  logoUrl: ZLogoUrl,
  audience: z.enum(["subscribers", "list"], { message: "Choose who receives it" }),
  recipients: z.string().max(1_000_000).default(""),
  attest: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1" || v === "true"),
});
export type TCampaignInput = z.infer<typeof ZCampaignInput>;
export type TCampaignField = keyof TCampaignInput | "form";
