import { describe, expect, it } from "vitest";
import { totalsLines } from "~/mail/totals.server";

/** Reads an amount back from a totals line, as a reader adds them up: fils, the minus kept. */
function filsOf(line: string): number {
  const figure = /(-?[\d٠-٩]+[.٫][\d٠-٩]+)/.exec(line.replace(/[\u2066-\u2069]/g, ""))![1];
  const latin = figure.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace("٫", ".");
  return Math.round(Number(latin) * 1000);
}

describe("an order's totals in a mail", () => {
  // A gift with wrapping (CONTRACT.md "Gifts": the wrapping is a line of its own of the total).
  const order = { subtotalFils: 14500, discountFils: 1450, couponCode: "PROBE10", deliveryFeeFils: 1800, giftWrapFils: 750, totalFils: 15600 };

  it("show the gift wrapping on a line of its own, so that the lines add up to the total", () => {
    const english = totalsLines(order, "en");
    expect(english).toEqual(["Products total: 14.50 KD", "Discount (PROBE10): -1.45 KD", "Delivery fee: 1.80 KD", "Gift wrapping: 0.75 KD", "Total: 15.60 KD"]);
    const arabic = totalsLines(order, "ar");
    expect(arabic).toContain("تغليف الهدية: \u2066٠٫٧٥\u2069 د.ك");
    for (const lines of [english, arabic]) {
      const parts = lines.slice(0, -1).map(filsOf);
      expect(parts.reduce((sum, fils) => sum + fils, 0)).toBe(filsOf(lines.at(-1)!));
    }
  });

  it("have no wrapping line for an order without it", () => {
    expect(totalsLines({ ...order, giftWrapFils: 0, totalFils: 14850 }, "en").join("\n")).not.toContain("wrapping");
  });
});
