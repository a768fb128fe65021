import sanitizeHtml from "sanitize-html";
import { escapeHtml, type TEmail } from "../messaging/email-layout";

// Until the React campaign template (server/messaging/templates) lands: the staff-written body, cleaned,
// in a plain branded frame with the unsubscribe and privacy links every marketing e-mail must carry.

const GREEN = "#15803d";

/**
 * Staff HTML keeps its formatting but loses anything that runs or loads code: no script, style, iframe or
 * form, no on* attributes, links only to http(s), mailto and tel, images only from https.
 */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "center", "font"],
    allowedAttributes: {
      "*": ["style", "align", "width", "height", "bgcolor", "color", "title"],
      a: ["href", "name", "target", "rel"],
      img: ["src", "alt", "width", "height", "style"],
      td: ["colspan", "rowspan", "valign", "style", "align", "width", "bgcolor"],
      th: ["colspan", "rowspan", "valign", "style", "align", "width", "bgcolor"],
      table: ["cellpadding", "cellspacing", "border", "role", "width", "style", "align", "bgcolor"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
  });
}

/** The text part: the body without tags, paragraphs kept apart. */
export function htmlToPlainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\s*\/?>/gi, "\n"), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export type TCampaignContent = { subject: string; html: string; logoUrl?: string | null; unsubscribeUrl: string };

export function campaignEmail(c: TCampaignContent, siteUrl: string): TEmail {
  const body = sanitizeCampaignHtml(c.html);
  const logo = c.logoUrl ? (c.logoUrl.startsWith("/") ? `${siteUrl}${c.logoUrl}` : c.logoUrl) : null;
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="Zavolah" height="40" style="height:40px;max-width:200px;display:block">`
    : `<span style="color:#ffffff;font-size:22px;font-weight:bold">Zavolah</span>`;
  const privacyUrl = `${siteUrl}/privacy-policy`;
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 24px">${header}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;color:#1f2937">${body}</td></tr>
<tr><td style="background:#111827;color:#d1d5db;padding:16px 24px;font-size:12px">Powering Nigeria's Future &middot; Osogbo &middot; Ibadan &middot; Lagos<br><br>
You are receiving this because you agreed to hear from Zavolah. <a href="${escapeHtml(c.unsubscribeUrl)}" style="color:#ffffff">Unsubscribe</a> &middot; <a href="${escapeHtml(privacyUrl)}" style="color:#ffffff">Privacy policy</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = [htmlToPlainText(body), "", "Zavolah - Powering Nigeria's Future", `Unsubscribe: ${c.unsubscribeUrl}`, `Privacy policy: ${privacyUrl}`].join("\n");
  return { subject: c.subject, html, text };
}
