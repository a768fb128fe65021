// The brand's e-mail frame: 600 px, green header, orange button, "Powering Nigeria's Future".
// The messaging issue replaces these string templates with React components.

const GREEN = "#15803d";
const ORANGE = "#ea580c";

export type TEmail = { subject: string; html: string; text: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type TEmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** A two-column summary after the paragraphs (order lines, totals); a row with bold set is emphasised. */
  rows?: { label: string; value: string; bold?: boolean }[];
  /** Marketing mail must carry a visible one-click unsubscribe link (NDPA 2023). */
  unsubscribeUrl?: string;
};

export function renderEmail(opts: TEmailContent): TEmail {
  const paras = opts.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(p)}</p>`).join("");
  const table = opts.rows?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:#1f2937">${opts.rows
        .map((r) => `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb${r.bold ? ";font-weight:bold" : ""}">${escapeHtml(r.label)}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #e5e7eb;white-space:nowrap${r.bold ? ";font-weight:bold" : ""}">${escapeHtml(r.value)}</td></tr>`)
        .join("")}</table>`
    : "";
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:${ORANGE};color:#ffffff;padding:12px 24px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:<br><span style="word-break:break-all">${escapeHtml(opts.action.url)}</span></p>`
    : "";
  const foot = opts.footnote ? `<p style="margin:0;font-size:13px;color:#4b5563">${escapeHtml(opts.footnote)}</p>` : "";
  const unsubscribe = opts.unsubscribeUrl
    ? `<br><br>You are receiving this because you subscribed to Zavolah updates. <a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#ffffff">Unsubscribe</a>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 24px;color:#ffffff;font-size:22px;font-weight:bold">Zavolah</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(opts.heading)}</h1>${paras}${table}${button}${foot}</td></tr>
<tr><td style="background:#111827;color:#d1d5db;padding:16px 24px;font-size:12px">Powering Nigeria's Future &middot; Osogbo &middot; Ibadan &middot; Lagos${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [opts.heading, "", ...opts.paragraphs, ...(opts.rows?.length ? ["", ...opts.rows.map((r) => `${r.label}: ${r.value}`)] : []), ...(opts.action ? ["", `${opts.action.label}: ${opts.action.url}`] : []), ...(opts.footnote ? ["", opts.footnote] : []), "", "Zavolah - Powering Nigeria's Future", ...(opts.unsubscribeUrl ? [`Unsubscribe: ${opts.unsubscribeUrl}`] : [])].join("\n");
  return { subject: opts.subject, html, text };
}
