import { describe, expect, it } from "vitest";
import { htmlLine } from "~/mail/bidi-html.server";
import { totalsLines } from "~/mail/totals.server";
import { bidiIsolate } from "~/shared/bidi";

/** Issue 28, point 5: amounts and order numbers in the Arabic part of a mail are left-to-right islands. */
const order = { subtotalFils: 8250, discountFils: 800, couponCode: "EID2026", deliveryFeeFils: 1000, giftWrapFils: 0, totalFils: 8450 };

describe("numbers in the Arabic part of a mail", () => {
  it("puts each amount, its minus included, between left-to-right isolates in the text part", () => {
    expect(totalsLines(order, "ar")).toEqual([
      "مجموع المنتجات: \u2066٨٫٢٥\u2069 د.ك",
      "الخصم (EID2026): \u2066-٠٫٨٠\u2069 د.ك",
      "رسوم التوصيل: \u2066١٫٠٠\u2069 د.ك",
      "الإجمالي: \u2066٨٫٤٥\u2069 د.ك",
    ]);
    // English reads left to right already: no marks there.
    expect(totalsLines(order, "en")).toEqual(["Products total: 8.25 KD", "Discount (EID2026): -0.80 KD", "Delivery fee: 1.00 KD", "Total: 8.45 KD"]);
  });

  it("writes each island as a left-to-right span that does not wrap in the HTML part, and escapes the rest", () => {
    const span = (text: string) => `<span dir="ltr" style="unicode-bidi:isolate;white-space:nowrap">${text}</span>`;
    expect(htmlLine(totalsLines(order, "ar")[1])).toBe(`الخصم (EID2026): ${span("-٠٫٨٠")} د.ك`);
    expect(htmlLine(`تم دفع الطلب ${bidiIsolate("ORD-1764059400123")} <b>`)).toBe(`تم دفع الطلب ${span("ORD-1764059400123")} &#60;b&#62;`);
  });
});
