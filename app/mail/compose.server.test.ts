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
      giftWrapFils: 0,
      totalFils: 11000,
      language: "en",
      items: [],
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

  it("put an Arabic order's Arabic half first, each half listing the items bought (issue 43)", () => {
    const order = {
      email: "s@example.com",
      fullName: "سارة",
      orderNumber: "ORD-1764059400124",
      subtotalFils: 6000,
      discountFils: 0,
      couponCode: null,
      deliveryFeeFils: 2000,
      giftWrapFils: 0,
      totalFils: 8000,
      items: [
        { nameEn: "Pink bow", nameAr: "فيونكة وردية", quantity: 2, priceFils: 2000, optionValues: [{ en: "Large", ar: "كبير" }] },
        { nameEn: "Hair clip", nameAr: "مشبك شعر", quantity: 1, priceFils: 2000 },
      ],
      invoiceUrl: "http://shop.test/i",
      invoicePdf: Buffer.from(""),
    };
    const mail = paidOrderMail({ ...order, language: "ar" });
    expect(mail.subject.startsWith("تم تأكيد الطلب")).toBe(true);
    const [arabic, english] = mail.text.split("\n\n");
    // The Arabic half speaks Arabic only: the order number, the link and the amounts' digits aside.
    expect(arabic.replace(/ORD-\d+|http:\S+|د\.ك/g, "")).not.toMatch(/[A-Za-z]/);
    expect(arabic.replace(/[\u2066-\u2069]/g, "")).toContain("٢ × فيونكة وردية (كبير)، المجموع ٤٫٠٠ د.ك");
    expect(arabic).toContain("١ × مشبك شعر");
    expect(english).toContain("2 × Pink bow (Large): 4.00 KD");
    expect(mail.html.indexOf('lang="ar"')).toBeLessThan(mail.html.indexOf('lang="en"'));
    expect(mail.html).toContain("مشبك شعر");

    const inEnglish = paidOrderMail({ ...order, language: "en" });
    expect(inEnglish.subject.startsWith("Order ORD-1764059400124 confirmed")).toBe(true);
    expect(inEnglish.text.split("\n\n")[0]).toContain("1 × Hair clip: 2.00 KD");
  });
});
