import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/fixed-t.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import { paidOrderMail } from "~/mail/order-paid.server";

describe("mail texts from the locale files", () => {
  it("put a shopper's name in as typed, even with characters i18next would read as a replacement pattern", () => {
    const t = fixedT("en");
    expect(wordText((v) => t("mail.paid.invoice", v), { link: "a$&b$'c$$" })).toBe("Your invoice: a$&b$'c$$");
    const mail = paidOrderMail({
      shopName: "Lulu Bows",
      shopPhone: null,
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

  it("speak only the order's language, greet by name and name the shop, each listing the items bought (issues 43, probe 4 items 7 and 12)", () => {
    const order = {
      shopPhone: "+965 6000 0000",
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
    const mail = paidOrderMail({ ...order, shopName: "فيونكات لولو", language: "ar" });
    expect(mail.subject).toBe("تم تأكيد الطلب ORD-1764059400124");
    const shown = mail.text.replace(/[\u2066-\u2069]/g, "");
    expect(shown).toContain("شكرًا لك يا سارة! تم استلام دفعتك بقيمة ٨٫٠٠ د.ك للطلب ORD-1764059400124.");
    expect(shown).toContain("٢ × فيونكة وردية (كبير)، المجموع ٤٫٠٠ د.ك");
    expect(shown).toContain("١ × مشبك شعر");
    expect(shown).toContain("لأي استفسار اتصلوا بنا على +965 6000 0000.");
    expect(shown).toContain("شكرًا لتسوقك من فيونكات لولو.");
    // Arabic only: the order number, the link, the shop's phone and the currency's letters aside, no Latin letter.
    for (const part of [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, "")]) {
      expect(part.replace(/ORD-\d+|http:\S+|\+965 [\d ]+/g, "")).not.toMatch(/[A-Za-z]/);
    }
    expect(mail.html.startsWith('<div dir="rtl" lang="ar">')).toBe(true);
    expect(mail.html).toContain("مشبك شعر");

    const inEnglish = paidOrderMail({ ...order, fullName: "Sara", shopName: "Lulu Bows", language: "en" });
    expect(inEnglish.subject).toBe("Order ORD-1764059400124 confirmed");
    expect(inEnglish.text).toContain("Thank you, Sara! Your payment of 8.00 KD for order ORD-1764059400124 was received.");
    expect(inEnglish.text).toContain("2 × Pink bow (Large): 4.00 KD\n1 × Hair clip: 2.00 KD");
    expect(inEnglish.text).toContain("Thank you for shopping with Lulu Bows.");
    for (const part of [inEnglish.subject, inEnglish.text, inEnglish.html]) expect(part).not.toMatch(/[\u0600-\u06FF]/);
    expect(inEnglish.html.startsWith('<div dir="ltr" lang="en">')).toBe(true);
  });

  it("list each line's custom texts under it, the title in the order's language and the shopper's text as typed (probe 4, item 7)", () => {
    const order = {
      shopName: "",
      shopPhone: null,
      email: "s@example.com",
      fullName: "سارة",
      orderNumber: "ORD-1764059400125",
      subtotalFils: 3500,
      discountFils: 0,
      couponCode: null,
      deliveryFeeFils: 1000,
      giftWrapFils: 0,
      totalFils: 4500,
      items: [
        { nameEn: "Named mug", nameAr: "كوب باسم", quantity: 1, priceFils: 2500, customTags: [{ titleEn: "Name to print", titleAr: "الاسم المطبوع", value: "Noor <3" }] },
        { nameEn: "Hair clip", nameAr: "مشبك شعر", quantity: 1, priceFils: 1000, customTags: [{ titleEn: "Note", titleAr: "ملاحظة", value: " " }] },
      ],
      invoiceUrl: "http://shop.test/i",
      invoicePdf: Buffer.from(""),
    };
    const arabic = paidOrderMail({ ...order, language: "ar" });
    const shown = arabic.text.replace(/[\u2066-\u2069]/g, "");
    expect(shown).toContain("١ × كوب باسم، المجموع ٢٫٥٠ د.ك\n  الاسم المطبوع: Noor <3\n١ × مشبك شعر");
    expect(arabic.html).toContain("&emsp;الاسم المطبوع: <bdi>Noor &#60;3</bdi>");
    // The shopper's own text aside, no English in the Arabic mail.
    expect(shown.replace("Noor", "")).not.toContain("Name to print");

    const english = paidOrderMail({ ...order, fullName: "Sara", language: "en" });
    expect(english.text.replace(/[\u2066-\u2069]/g, "")).toContain("1 × Named mug: 2.50 KD\n  Name to print: Noor <3\n1 × Hair clip: 1.00 KD\n");
    expect(english.html).toContain("&emsp;Name to print: <bdi>Noor &#60;3</bdi>");
    expect(english.text).not.toContain("الاسم");
  });
});
