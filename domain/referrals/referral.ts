// Refer and earn (docs/product/refer-and-earn.md): the referral code, the link that carries it, how long a link opened
// is remembered, and the sharing links. Shared by the page and the server.

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;

export const REFERRAL_COOKIE = "zavolah_ref";

/** A code as typed: spaces, dashes and case do not matter ("zv3k-7m2q" is ZV3K7M2Q). */
export function normaliseReferralCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

export function isReferralCodeShape(code: string): boolean {
  return code.length === REFERRAL_CODE_LENGTH && [...code].every((c) => REFERRAL_CODE_ALPHABET.includes(c));
}

/** Grouped in fours for reading aloud: ZV3K-7M2Q. */
export const displayReferralCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export const referralLink = (siteUrl: string, code: string) => `${siteUrl.replace(/\/$/, "")}/?ref=${code}`;

export type TShareLink = { label: string; href: string };

/** Sharing without any other site's script: each is a plain link the phone opens in WhatsApp, Messages, X or mail. */
export function shareLinks(link: string, message: string): TShareLink[] {
  const text = `${message} ${link}`;
  return [
    { label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(text)}` },
    { label: "SMS", href: `sms:?&body=${encodeURIComponent(text)}` },
    { label: "X", href: `https://x.com/intent/post?text=${encodeURIComponent(message)}&url=${encodeURIComponent(link)}` },
    {
      label: "E-mail",
      href: `mailto:?subject=${encodeURIComponent("Zavolah: solar, smart furniture and EV charging")}&body=${encodeURIComponent(text)}`,
    },
  ];
}

/**
 * One mailbox under two spellings: case, a "+tag" and, at Gmail, dots do not change where mail goes, so
 * ada.obi+ref@gmail.com referring adaobi@gmail.com is referring herself (refer-and-earn.md#who-cannot-be-referred).
 */
export function mailboxOf(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const base = local.split("+")[0]!;
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? base.replace(/\./g, "") : base}@${gmail ? "gmail.com" : domain}`;
}

/** Where a person referred stands, as the referrer's page shows it. */
export type TReferralStatus = "active" | "refused";
export const REFERRAL_REFUSALS = {
  same_phone: "Not eligible: the same phone number as yours",
  same_mailbox: "Not eligible: the same e-mail address as yours",
  same_device: "Not eligible: joined on a phone or computer you sign in on",
  same_bank_account: "Not eligible: paid into the same bank account as yours",
  staff: "Not eligible: refused after a check",
} as const;
export type TReferralRefusal = keyof typeof REFERRAL_REFUSALS;

/** "Ada Obi" shows as "Ada O.": the referrer sees who joined, not their whole name. */
export function shortName(name: string): string {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}
