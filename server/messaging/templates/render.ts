import { toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { TEmail } from "../email-layout";

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A template element to the outbox's {subject, html, text}. Synchronous on purpose (renderToStaticMarkup, not
 * react-email's async render) so the e-mail functions stay plain functions their callers use inside a
 * transaction. The text part is derived from the same HTML, so the two never drift: links are spelled out
 * after their label, headings keep their case, and blocks marked data-skip-in-text are left out.
 */
export function renderEmail(subject: string, element: ReactElement): TEmail {
  // React 19 hoists a <link rel="preload"> for each image into <head>: meaningless in mail, so it goes.
  const html = DOCTYPE + renderToStaticMarkup(element).replace(/<link rel="preload" as="image"[^>]*>/g, "");
  return { subject, html, text: htmlToPlainText(html) };
}

export function htmlToPlainText(html: string): string {
  const text = toPlainText(html, {
    selectors: [
      ...["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: "th", options: { uppercase: false } },
      // Tables marked as data (order lines, totals) stay "label  value" on one line.
      { selector: "table.data", format: "dataTable", options: { uppercaseHeaderCells: false } },
    ],
  });
  return text.replace(/\n{3,}/g, "\n\n").trim();
}
