import { describe, expect, it } from "vitest";
import { redactText, redactUrl } from "./redact";

describe("redactUrl", () => {
  it("removes signed links, phones, order sessions, e-mails, tokens and codes from the query", () => {
    expect(redactUrl("/invoice/ORD-123?expires=1700000000&sig=abcdef")).toBe("/invoice/ORD-123?expires=1700000000&sig=[redacted]");
    expect(redactUrl("/view-invoice?orderNumber=ORD-1&phone=51234567")).toBe("/view-invoice?orderNumber=ORD-1&phone=[redacted]");
    expect(redactUrl("/payment?orderSessionId=s3ss10n")).toBe("/payment?orderSessionId=[redacted]");
    expect(redactUrl("/x?Email=a%40b.example&token=t&code=123456")).toBe("/x?Email=[redacted]&token=[redacted]&code=[redacted]");
  });

  it("removes any value or path segment that looks like an e-mail address or a phone", () => {
    expect(redactUrl("/admin/timsar/orders?search=shopper%40mail.example&status=pending")).toBe("/admin/timsar/orders?search=[redacted]&status=pending");
    expect(redactUrl("/admin/timsar/orders?search=%2B965%2055512345")).toBe("/admin/timsar/orders?search=[redacted]");
    expect(redactUrl("/api/admin/users/orders/by-phone/%2B96551234567")).toBe("/api/admin/users/orders/by-phone/[redacted]");
    expect(redactUrl("/admin/timsar/user-orders/91234567")).toBe("/admin/timsar/user-orders/[redacted]");
    expect(redactUrl("/api/x/someone@mail.example/y")).toBe("/api/x/[redacted]/y");
  });

  it("keeps what is not personal", () => {
    for (const url of ["/", "/product/clx1abc?image=2", "/?category=hair&page=2", "/api/orders/ORD-20260101-0001", "/healthz?logged=1"]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe("redactText", () => {
  it("replaces e-mail addresses and phones in free text", () => {
    expect(redactText("550 <shopper@mail.example> rejected")).toBe("550 <[redacted]> rejected");
    expect(redactText("no route to +965 51234567 or 99887766")).toBe("no route to [redacted] or [redacted]");
    expect(redactText("order ORD-1 failed after 12 ms")).toBe("order ORD-1 failed after 12 ms");
  });
});
