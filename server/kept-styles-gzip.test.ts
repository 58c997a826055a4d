import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipKeepingStyles } from "./kept-styles-gzip";

const styles = Array.from({ length: 400 }, (_, index) => `.rule-${index}{margin-inline-start:${index}px;color:#${(index * 4099).toString(16).padStart(6, "0").slice(0, 6)}}`).join("\n");
const page = (body: string, css = styles) =>
  Buffer.from(`<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"/><style id="shop-styles">${css}</style></head><body>${body}</body></html>`);

describe("gzipKeepingStyles", () => {
  it("gives a gzip any reader opens as exactly the page, Arabic and all, for pages that share the styles", () => {
    for (const body of ["<h1>سلة التسوق</h1><p>فيونكة وردية × 2</p>", "<h1>My orders</h1>", ""]) {
      const html = page(body);
      const sent = gzipKeepingStyles(html);
      // gunzip checks the CRC-32 and the length at the end, as a browser does.
      expect(zlib.gunzipSync(sent).equals(html)).toBe(true);
    }
  });

  it("stays about as small as gzipping the page whole", () => {
    const html = page(`<main>${"<li>ربطة شعر</li>".repeat(50)}</main>`);
    expect(gzipKeepingStyles(html).length).toBeLessThan(zlib.gzipSync(html, { level: 6 }).length * 1.1);
  });

  it("follows new styles (a new build) and pages without them", () => {
    const changed = page("<p>after a deploy</p>", `${styles}\n.new{color:red}`);
    expect(zlib.gunzipSync(gzipKeepingStyles(changed)).equals(changed)).toBe(true);
    expect(zlib.gunzipSync(gzipKeepingStyles(page("<p>before</p>"))).toString()).not.toContain(".new{color:red}");
    const plain = Buffer.from("<!DOCTYPE html><html><body>no styles here</body></html>");
    expect(zlib.gunzipSync(gzipKeepingStyles(plain)).equals(plain)).toBe(true);
    const unclosed = Buffer.from('<html><style id="shop-styles">.a{}');
    expect(zlib.gunzipSync(gzipKeepingStyles(unclosed)).equals(unclosed)).toBe(true);
  });

  it("is refused by a reader when a byte is damaged, so the CRC-32 of the joined parts is the page's", () => {
    const sent = Buffer.from(gzipKeepingStyles(page("<p>x</p>")));
    sent[sent.length - 8] ^= 1;
    expect(() => zlib.gunzipSync(sent)).toThrow();
  });
});
