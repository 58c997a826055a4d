import { describe, expect, it } from "vitest";
import { creditNoteMail } from "~/mail/credit-note.server";

// Whole 10 fils, so that the figures read the same whatever the fils digit's shape.
const note = {
  number: "CN-100200300400",
  amountFils: 3130,
  remainingPaidFils: 11720,
  pdf: Buffer.from(""),
  url: "http://shop.test/uploads/credit-notes/CN-100200300400.pdf?expires=1&sig=x",
  order: { orderNumber: "ORD-701028813621", createdAt: new Date("2026-12-01T09:00:00Z"), fullName: "سارة أحمد", email: "s@example.com" },
  shopPhone: "+965 6000 0000",
};

describe("the credit note's e-mail", () => {
  it("speaks only the order's language: an Arabic order's refund has no English word, and names the shop (probe 4, items 6 and 12)", () => {
    const mail = creditNoteMail({ ...note, language: "ar", shopName: "بيت ريم للهدايا" });
    expect(mail.subject).toBe("إشعار دائن CN-100200300400 للطلب ORD-701028813621");
    const shown = mail.text.replace(/[\u2066-\u2069]/g, "");
    expect(shown.startsWith("مرحبًا سارة أحمد، تم استرداد مبلغ ٣٫١٣ د.ك من طلبك ORD-701028813621 بتاريخ")).toBe(true);
    expect(shown).toContain("المبلغ المدفوع المتبقي للطلب: ١١٫٧٢ د.ك.");
    expect(shown).toContain("شكرًا لتسوقك من بيت ريم للهدايا.");
    for (const part of [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, "")]) {
      expect(part.replace(/(ORD|CN)-\d+|http:\S+|\+965 [\d ]+/g, "")).not.toMatch(/[A-Za-z]/);
    }
    expect(mail.html.startsWith('<div dir="rtl" lang="ar">')).toBe(true);
    expect(mail.html).toContain(`<a href="${note.url.replace("&", "&#38;")}">عرض إشعار الدائن</a>`);
    expect(mail.attachments).toEqual([{ filename: "CN-100200300400.pdf", content: note.pdf, contentType: "application/pdf" }]);
  });

  it("is English alone for an English order", () => {
    const mail = creditNoteMail({ ...note, order: { ...note.order, fullName: "Sara Ahmad" }, language: "en", shopName: "Reem Gifts House" });
    expect(mail.subject).toBe("Credit note CN-100200300400 for order ORD-701028813621");
    expect(mail.text).toContain("Hello Sara Ahmad, a refund of 3.13 KD was made for your order ORD-701028813621 of December 1, 2026.");
    expect(mail.text).toContain("Thank you for shopping with Reem Gifts House.");
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/[\u0600-\u06FF]/);
    expect(mail.html.startsWith('<div dir="ltr" lang="en">')).toBe(true);
  });
});
