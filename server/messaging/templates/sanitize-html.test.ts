import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml } from "./sanitize-html";

describe("sanitizeEmailHtml", () => {
  it("keeps basic formatting, lists, tables, https links and images", () => {
    const html =
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.<br>Next line</p><ul><li>one</li><li>two</li></ul><table><tr><td align="right">₦1,000</td></tr></table><a href="https://zavolah.ng/store" title="Store">Shop</a> <a href="mailto:sales@zavolah.ng">Mail us</a><img src="https://zavolah.ng/images/a.png" alt="Panel" width="300">';
    expect(sanitizeEmailHtml(html)).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.<br />Next line</p><ul><li>one</li><li>two</li></ul><table><tr><td align="right">₦1,000</td></tr></table><a href="https://zavolah.ng/store" title="Store" target="_blank" rel="noopener noreferrer">Shop</a> <a href="mailto:sales@zavolah.ng" target="_blank" rel="noopener noreferrer">Mail us</a><img src="https://zavolah.ng/images/a.png" alt="Panel" width="300" />',
    );
  });

  it("drops script, style, iframe, svg and form elements with their content", () => {
    const out = sanitizeEmailHtml(
      "<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src=https://x>f</iframe><svg><script>2</script></svg><form><input value=x><button>go</button></form><p>b</p>",
    );
    expect(out).toBe("<p>a</p><p>b</p>");
  });

  it("drops event handlers and unknown attributes", () => {
    expect(sanitizeEmailHtml('<p onclick="x()" class="c" id="i" data-x="1" ONMOUSEOVER="y()">t</p>')).toBe("<p>t</p>");
    expect(sanitizeEmailHtml('<img src="https://x.ng/a.png" onerror="alert(1)">')).toBe('<img src="https://x.ng/a.png" />');
  });

  it("drops javascript:, data: and other schemes however they are disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      "java\nscript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
    ]) {
      expect(sanitizeEmailHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    }
    expect(sanitizeEmailHtml('<img src="javascript:alert(1)">')).toBe("");
    expect(sanitizeEmailHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
  });

  it("drops inline styles that can load or run anything, keeps plain ones", () => {
    expect(sanitizeEmailHtml('<p style="background:url(https://track.example/p.gif)">a</p>')).toBe("<p>a</p>");
    expect(sanitizeEmailHtml('<p style="width:expression(alert(1))">a</p>')).toBe("<p>a</p>");
    expect(sanitizeEmailHtml('<p style="color:#c2410c;font-size:18px">a</p>')).toBe('<p style="color:#c2410c;font-size:18px">a</p>');
  });

  it("escapes text and attribute values, so broken markup cannot break out", () => {
    expect(sanitizeEmailHtml('<a href="https://x.ng/?a=1&b=2" title=\'"><script>\'>x</a>')).toBe(
      '<a href="https://x.ng/?a=1&amp;b=2" title="&quot;&gt;&lt;script&gt;" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeEmailHtml("5 < 6 & 7 > 3")).toBe("5 &lt; 6 &amp; 7 &gt; 3");
    expect(sanitizeEmailHtml("<p>unclosed <b>bold")).toBe("<p>unclosed <b>bold</b></p>");
    expect(sanitizeEmailHtml("<!-- <script>alert(1)</script> --><p>ok</p>")).toBe("<p>ok</p>");
  });

  it("unwraps unknown tags and whole documents to their content", () => {
    expect(
      sanitizeEmailHtml("<html><head><title>T</title><meta charset=utf-8></head><body><article><p>Body</p></article></body></html>"),
    ).toBe("<p>Body</p>");
    expect(sanitizeEmailHtml("<marquee>moving</marquee>")).toBe("moving");
  });
});
