import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CertificateActions } from "./certificate-actions";

describe("certificate actions", () => {
  it("link to the PDF, the public page and the LinkedIn and WhatsApp shares of the verification address", () => {
    const verifyUrl = "https://zavolah.ng/verify/K7QM-2XHD-9TRA";
    const html = renderToStaticMarkup(
      createElement(CertificateActions, { code: "K7QM-2XHD-9TRA", courseTitle: "Solar & Storage", verifyUrl }),
    );
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    expect(hrefs).toEqual([
      "/certificates/K7QM-2XHD-9TRA/pdf",
      "/verify/K7QM-2XHD-9TRA",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(verifyUrl)}`,
      `https://wa.me/?text=${encodeURIComponent(`I completed Solar & Storage at Zavolah Academy. Verify my certificate: ${verifyUrl}`)}`,
    ]);
    for (const label of ["Download PDF", "View", "Share on LinkedIn", "WhatsApp"]) expect(html).toContain(label);
    expect(html.match(/rel="noopener noreferrer"/g)).toHaveLength(2);
  });
});
