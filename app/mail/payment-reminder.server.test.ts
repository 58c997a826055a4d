import { describe, expect, it } from "vitest";
import { paymentReminderMail } from "~/mail/payment-reminder.server";

/** The amounts a line shows, in fils (Arabic-Indic digits read as digits, the isolates dropped). */
function filsIn(line: string): number[] {
  const latin = line.replace(/[\u2066-\u2069]/g, "").replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/٫/g, ".");
  return [...latin.matchAll(/-?\d+\.\d+/g)].map((match) => Math.round(Number(match[0]) * 1000));
}

// An unpaid gift with a discount code, delivery and wrapping; every figure in whole 10 fils.
const order = {
  shopName: "Reem Gifts House",
  email: "s@example.com",
  fullName: "Sara Ahmad",
  orderNumber: "ORD-030685413750",
  items: [
    { name: "Hair Ribbon Set (Pink / Large)", quantity: 1, lineFils: 2130 },
    { name: "Bow Headband", quantity: 1, lineFils: 3250 },
  ],
  subtotalFils: 5380,
  discountFils: 530,
  couponCode: "PROBE10",
  deliveryFeeFils: 1800,
  giftWrapFils: 750,
  totalFils: 7400,
  payLink: "http://shop.test/payment?orderSessionId=s1",
  stopLink: "http://shop.test/payment/stop-reminders?token=t1",
};

describe("the payment reminder", () => {
  it("lists the discount, delivery and wrapping after the items, so its lines add up to the total it asks (probe 4, item 13)", () => {
    const mail = paymentReminderMail({ ...order, language: "en" });
    const lines = mail.text.split("\n");
    expect(lines).toEqual(
      expect.arrayContaining(["Products total: 5.38 KD", "Discount (PROBE10): -0.53 KD", "Delivery fee: 1.80 KD", "Gift wrapping: 0.75 KD", "Total: 7.40 KD"]),
    );
    const start = lines.indexOf("Products total: 5.38 KD");
    const [total] = filsIn(lines[start + 4]);
    expect(lines.slice(start, start + 4).flatMap(filsIn).reduce((sum, fils) => sum + fils, 0)).toBe(total);
    expect(mail.html).toContain("Gift wrapping: 0.75 KD<br><strong>Total: 7.40 KD</strong>");
  });

  it("words the same lines in the order's language", () => {
    const items = [
      { name: "طقم شرائط شعر (وردي / كبير)", quantity: 1, lineFils: 2130 },
      { name: "طوق فيونكة", quantity: 1, lineFils: 3250 },
    ];
    const mail = paymentReminderMail({ ...order, items, shopName: "بيت ريم للهدايا", fullName: "سارة", language: "ar" });
    const shown = mail.text.replace(/[\u2066-\u2069]/g, "");
    for (const line of ["مجموع المنتجات: ٥٫٣٨ د.ك", "الخصم (PROBE10): -٠٫٥٣ د.ك", "رسوم التوصيل: ١٫٨٠ د.ك", "تغليف الهدية: ٠٫٧٥ د.ك", "الإجمالي: ٧٫٤٠ د.ك"]) expect(shown).toContain(line);
    expect(mail.text.replace(/ORD-\d+|PROBE10|http:\S+/g, "")).not.toMatch(/[A-Za-z]/);
    expect(mail.html.startsWith('<div dir="rtl" lang="ar">')).toBe(true);
  });
});
