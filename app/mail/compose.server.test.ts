import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/fixed-t.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import { paidOrderMail } from "~/mail/order-paid.server";

describe("mail texts from the locale files", () => {
  it("put a shopper's name in as typed, even with characters i18next would read as a replacement pattern", () => {
    const t = fixedT("en");
    expect(wordText((v) => t("mail.paid.invoice", v), { link: "a$&b$'c$$" })).toBe("Your invoice: a$&b$'c$$");
    const mail = paidOrderMail({
      email: "s@example.com",
      fullName: "Sara $& <Co>",
      orderNumber: "ORD-1764059400123",
      subtotalFils: 9000,
      discountFils: 0,
      couponCode: null,
      deliveryFeeFils: 2000,
      totalFils: 11000,
      invoiceUrl: "http://shop.test/i?a=1&b=2",
      invoicePdf: Buffer.from(""),
    });
    expect(mail.text).toContain("Thank you, Sara $& <Co>! Your payment of 11.00 KD for order ORD-1764059400123 was received.");
    expect(mail.html).toContain("Thank you, Sara $&#38; &#60;Co&#62;! Your payment of 11.00 KD for order <strong>ORD-1764059400123</strong> was received.");
    expect(mail.html).toContain('<a href="http://shop.test/i?a=1&#38;b=2">View your invoice</a>');
  });

  it("escape the sentence and keep the HTML given for each value", () => {
    const t = fixedT("ar");
    expect(wordHtml((v) => t("mail.ownerPaid.openLink", v), { number: "<b>1</b>" })).toBe("فتح الطلب <b>1</b>");
  });
});
