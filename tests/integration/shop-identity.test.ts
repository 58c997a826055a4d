/**
 * The shop's identity (issue 43, point 1; CONTRACT.md "Shop settings") through PUT/GET /api/admin/settings, and what
 * a visitor then sees: the footer of the next page names the shop and its contacts as the owner saved them. The
 * identity is the whole shop's, so every test of it is in this one block, and what it had is put back afterwards.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getInvoicePdf } from "~/models/orders/index.server";
import { getShopSettings, saveShopSettings, type ShopSettings } from "~/models/shop/index.server";
import * as settings from "~/routes/api.admin.settings";
import * as settingsPage from "~/routes/admin.timsar.settings";
import { createOrder } from "../factories/order";
import { uniqueId } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";
import { useTestServer } from "../support/test-server";

type Answer = Record<string, unknown> & { fieldErrors?: Record<string, string[]> };

describe("the shop's identity in the settings", { timeout: 120_000 }, () => {
  const { base } = useTestServer(9100, 60, { WEB_CONCURRENCY: "1" });
  let before: ShopSettings;
  let cookie: string;

  beforeAll(async () => {
    before = await getShopSettings();
    cookie = (await adminCookie()).cookie;
  });
  afterAll(() => saveShopSettings(before));

  const put = async (json: unknown) => {
    const response = await runChecked(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json }));
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const get = async () => (await (await runChecked(settings.loader, request("/api/admin/settings", { cookie }))).json()) as Answer;

  const name = { en: uniqueId("Lulu Bows"), ar: `فيونكات لولو ${uniqueId("")}` };
  const identity = {
    shopName: name,
    contactEmail: "hello@lulu-bows.example",
    contactPhone: "+965 6000 0000",
    whatsappNumber: "+965 9123 4567",
    address: { en: "Salmiya, Block 10, Street 5", ar: "السالمية، قطعة 10، شارع 5" },
    tagline: { en: "Bows made by hand in Salmiya.", ar: "فيونكات مصنوعة يدويًا في السالمية." },
    instagram: "@lulu.bows",
    commercialRegistration: "123456",
    ownerAlertsPhone: "55112233",
  };
  const saved = {
    shopName: name,
    contactEmail: "hello@lulu-bows.example",
    contactPhone: "60000000",
    whatsappNumber: "91234567",
    address: identity.address,
    tagline: identity.tagline,
    instagram: "lulu.bows",
    commercialRegistration: "123456",
    ownerAlertsPhone: "55112233",
  };

  it("keeps every field as the owner gave it: phones as 8 digits, Instagram as the handle", async () => {
    const answer = await put(identity);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "Settings saved. / تم حفظ الإعدادات.", ...saved });
    expect(await get()).toMatchObject(saved);
    // The profile's address keeps the handle too, and a field not sent keeps its value.
    expect((await put({ instagram: "https://www.instagram.com/lulu.bows.kw/" })).status).toBe(200);
    expect(await get()).toMatchObject({ ...saved, instagram: "lulu.bows.kw" });
    expect((await put({ instagram: "@lulu.bows" })).status).toBe(200);
  });

  it("clears the optional contacts with null or a blank, and takes back what it answered (GET → PUT)", async () => {
    const optional = { whatsappNumber: "91234567", instagram: "lulu.bows", commercialRegistration: "123456", ownerAlertsPhone: "55112233" };
    const cleared = { whatsappNumber: null, instagram: null, commercialRegistration: null, ownerAlertsPhone: null };
    for (const blank of [null, "", "  "]) {
      expect((await put(optional)).status).toBe(200);
      const answer = await put(Object.fromEntries(Object.keys(optional).map((field) => [field, blank])));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await get()).toMatchObject(cleared);
    }
    // A new shop has these null: a client that saves what it just read is not refused.
    const read = await get();
    const again = await put(read);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await get()).toEqual(read);
    // The required contact phone still cannot be cleared.
    expect((await put({ contactPhone: "" })).status).toBe(400);
    // The settings page clears them too, whether the boxes are emptied or left with spaces.
    for (const blank of ["", "  "]) {
      expect((await put(optional)).status).toBe(200);
      const form = new URLSearchParams({ shopNameEn: name.en, shopNameAr: name.ar, contactEmail: identity.contactEmail, contactPhone: "60000000" });
      for (const field of Object.keys(optional)) form.set(field, blank);
      const posted = (await settingsPage.action({ request: request("/admin/timsar/settings", { method: "POST", cookie, body: form }), params: {}, context: { cspNonce: "" } })) as Response;
      expect(posted.status).toBe(303);
      expect(await get()).toMatchObject(cleared);
    }
    expect((await put(identity)).status).toBe(200);
  });

  it.each([
    ["contactEmail", { contactEmail: "hello@" }, "Please enter a valid e-mail address."],
    ["contactPhone", { contactPhone: "1234" }, "Please enter a Kuwaiti phone number"],
    ["contactPhone", { contactPhone: null }, "Please enter a Kuwaiti phone number"],
    ["shopName", { shopName: { en: "Only English", ar: "" } }, "shop's name in both English and Arabic"],
    ["address", { address: { en: "", ar: "السالمية" } }, "address in both English and Arabic"],
    ["tagline", { tagline: { en: "Bows", ar: "" } }, "footer line in both English and Arabic"],
    ["instagram", { instagram: "not a handle!" }, "Instagram handle"],
  ])("refuses a bad %s with a bilingual field error and saves nothing (%j)", async (field, json, english) => {
    const kept = await get();
    // A right field sent with the bad one is not saved either.
    const answer = await put({ ...json, commercialRegistration: "999999" });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors ?? {})).toEqual([field]);
    const [message] = answer.body.fieldErrors![field];
    expect(message).toContain(english);
    expect(message).toMatch(/ \/ .*[\u0600-\u06FF]/);
    expect(await get()).toEqual(kept);
  });

  it("shows the saved name and contacts in the footer of the next page, in Arabic and in English", async () => {
    const arabic = await (await fetch(`${base}/`)).text();
    expect(arabic).toContain(name.ar);
    expect(arabic).not.toContain(name.en);
    expect(arabic).toContain("hello@lulu-bows.example");
    expect(arabic).toContain("+965 6000 0000");
    expect(arabic).toContain(identity.address.ar);
    expect(arabic).toContain("https://www.instagram.com/lulu.bows");
    const english = await (await fetch(`${base}/`, { headers: { Cookie: "lang=en" } })).text();
    expect(english).toContain(name.en);
    expect(english).toContain(identity.address.en);
    // The footer's line about the shop is hers, in each language; cleared, none is shown (no text of the code's).
    expect(arabic).toContain(identity.tagline.ar);
    expect(english).toContain(identity.tagline.en);
    expect((await put({ tagline: null })).status).toBe(200);
    const without = await (await fetch(`${base}/`, { headers: { Cookie: "lang=en" } })).text();
    expect(without).not.toContain(identity.tagline.en);
    expect(without).not.toContain("chosen with love");
    expect((await put({ tagline: identity.tagline })).status).toBe(200);

    // A new name shows on the very next request (the settings' write moves the catalogue's version).
    const renamed = { en: uniqueId("Lulu Hair"), ar: `شعر لولو ${uniqueId("")}` };
    expect((await put({ shopName: renamed })).status).toBe(200);
    const after = await (await fetch(`${base}/`)).text();
    expect(after).toContain(renamed.ar);
    expect(after).not.toContain(name.ar);
  });

  it("prints the commercial registration number on the footer, the terms and the invoice, and the terms state the shop's rights (issue 48)", async () => {
    expect((await put({ commercialRegistration: "CR-48/2026" })).status).toBe(200);
    const { deliveryDays } = await getShopSettings();
    const pages = {
      ar: [await (await fetch(`${base}/`)).text(), await (await fetch(`${base}/ar/terms-and-conditions`)).text()],
      en: [await (await fetch(`${base}/`, { headers: { Cookie: "lang=en" } })).text(), await (await fetch(`${base}/terms-and-conditions`, { headers: { Cookie: "lang=en" } })).text()],
    };
    for (const html of pages.ar) expect(html).toMatch(/رقم السجل التجاري(<!-- -->)?: (<!-- -->)?<span dir="ltr">CR-48\/2026<\/span>/);
    for (const html of pages.en) expect(html).toMatch(/Commercial registration no\.(<!-- -->)?: (<!-- -->)?<span dir="ltr">CR-48\/2026<\/span>/);
    // The Arabic terms name it in Arabic even for a visitor who chose English (the footer is in her language).
    const arabicTermsForEnglish = await (await fetch(`${base}/ar/terms-and-conditions`, { headers: { Cookie: "lang=en" } })).text();
    expect(arabicTermsForEnglish).toMatch(/data-testid="legal-commercial-registration">رقم السجل التجاري(<!-- -->)?: (<!-- -->)?<span dir="ltr">CR-48\/2026/);

    // The rights as the shop applies them: the promised day (the chosen day, or the owner's delivery days), the
    // cancellation of a late order with everything refunded, and returns asked for online and brought to the shop.
    const [, termsAr] = pages.ar;
    const [, termsEn] = pages.en;
    for (const expected of [
      `otherwise the day you order plus ${deliveryDays} days (Kuwait time)`,
      "a delay notice does not move the promised day",
      "has not been delivered 14 days after its promised day, you may cancel it from My Orders",
      "everything you paid, delivery included, is refunded in full through the payment you used, and you receive a credit note",
      "You may return or exchange an item within 14 days of delivery.",
      "Delivery and gift-wrapping fees are not refunded, except when a late order is cancelled (section 4).",
      "Ask for a return or an exchange from My Orders",
    ]) {
      expect(termsEn).toContain(expected);
    }
    for (const expected of [
      `وإلا فيوم الطلب مضافًا إليه عدد أيام التوصيل (${deliveryDays}) بتوقيت الكويت`,
      "ورسالة التأخير لا تغيّر اليوم الموعود",
      "إذا لم يُسلَّم طلب مدفوع بعد 14 يومًا من يومه الموعود، يحق لك إلغاؤه من صفحة طلباتي",
      "ويُردّ إليك كل ما دفعته، ورسوم التوصيل معه، كاملًا بطريقة الدفع نفسها، ويصلك إشعار دائن",
      "يمكنك استرجاع المنتج أو استبداله خلال 14 يومًا من تاريخ التوصيل.",
      "اطلب الاسترجاع أو الاستبدال من صفحة طلباتي أو من صفحة الطلب",
    ]) {
      expect(termsAr).toContain(expected);
    }

    // A paid order's invoice, read back from the PDF as a shopper's reader would.
    const order = await createOrder(prisma);
    const pdf = await getInvoicePdf(order.orderNumber);
    const text = await pdfText(pdf!);
    expect(text).toContain("CR-48/2026");
    expect(text).toContain("رقم السجل التجاري");
    expect(text).toContain("Commercial registration no.");
  });
});

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `invoice-cr-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return (await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"])).stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
