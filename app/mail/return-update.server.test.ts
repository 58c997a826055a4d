import { describe, expect, it } from "vitest";
import { returnUpdateMail } from "~/mail/return-update.server";

/** A dearer exchange's mail gives the hours left to pay in the mail's own digits (probe 4, item 15; decision 0079). */
describe("the mail of an exchange with a difference due", () => {
  const input = {
    shopName: "بيت ريم للهدايا",
    email: "s@example.com",
    fullName: "سارة",
    orderNumber: "ORD-883987358391",
    returnNumber: "RET-515451685596",
    status: "exchanged" as const,
    note: "",
    link: "https://shop.test/view-invoice?orderNumber=ORD-883987358391",
    due: { exchangeOrderNumber: "ORD-122213830101", dueFils: 750, payLink: "https://shop.test/payment?orderSessionId=s1" },
  };

  it("counts the hours in Arabic-Indic digits in Arabic, and in Latin ones in English", () => {
    const arabic = returnUpdateMail({ ...input, language: "ar" });
    expect(arabic.text).toContain("خلال ٤٨ ساعة لنرسله إليك.");
    expect(arabic.html).toContain("خلال ٤٨ ساعة لنرسله إليك.");
    expect(arabic.text).not.toMatch(/48/);
    const english = returnUpdateMail({ ...input, shopName: "Reem Gifts House", fullName: "Sara", language: "en" });
    expect(english.text).toContain("within 48 hours and we will send it to you.");
  });
});
