/**
 * The checkout form as the server renders it again after a round trip without JavaScript (a refused field, a coupon):
 * what the shopper ticked is what the summary adds up (probe 1, findings 2 and 7).
 */
import type { SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { CheckoutForm } from "./checkout-form";
import type { CheckoutSlotDay } from "./delivery-slot-choice";

const area = { nameEn: "Egaila", nameAr: "العقيلة", feeFils: 2200, governorateEn: "Ahmadi", governorateAr: "الأحمدي" };

/** What the checkout's action answers a post without JavaScript whose phone was refused. */
function refused(typed: Record<string, string>): SubmissionResult<string[]> {
  return {
    status: "error",
    initialValue: { fullName: "Noor", phone: "1234", city: area.nameEn, ...typed },
    error: { phone: ["checkoutValidation.phoneInvalid"] },
  };
}

async function checkoutPage(language: "ar" | "en", lastResult?: SubmissionResult<string[]>, deliveryDays: CheckoutSlotDay[] | null = null) {
  const Page = () => (
    <CheckoutForm
      language={language}
      items={[{ productId: "p1", name: "Satin bow", quantity: 1, priceFils: 8000, customTags: ["Lulu", "لولو"] }]}
      productsTotalFils={8000}
      areas={[area]}
      defaults={{ email: "", fullName: "", phone: "", couponCode: "" }}
      offer={{ coupon: null, freeDeliveryFromFils: null, note: null }}
      couponNotice={null}
      lastResult={lastResult}
      paymentUrl={null}
      orderSessionId={null}
      constraint={{}}
      whatsAppOffered={false}
      giftWrapFils={500}
      deliveryDays={deliveryDays}
    />
  );
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/checkout", Component: Page }]);
  const context = await query(new Request("http://localhost/checkout"));
  if (context instanceof Response) throw new Error("the page should not redirect");
  return renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </I18nProvider>,
  );
}

const totalOf = (html: string) => /data-testid="grand-total"[^>]*>(.*?)<\/dd>/s.exec(html)?.[1].replace(/<[^>]+>/g, "") ?? "";

describe("the checkout form after a round trip without JavaScript", () => {
  it("adds the chosen gift wrapping to the total, on a line of its own", async () => {
    const html = await checkoutPage("en", refused({ isGift: "on", giftWrap: "on" }));
    expect(html).toContain('data-testid="gift-wrap-line"');
    expect(totalOf(html)).toBe("10.70 KD");
  });

  it("leaves the wrapping out when the gift box was not ticked, or the wrapping was not asked for", async () => {
    const choices: Record<string, string>[] = [{ giftWrap: "on" }, { isGift: "on" }];
    for (const typed of choices) {
      const html = await checkoutPage("en", refused(typed));
      expect(html).not.toContain('data-testid="gift-wrap-line"');
      expect(totalOf(html)).toBe("10.20 KD");
    }
  });
});

describe("what the shopper typed, shown back on the checkout", () => {
  it("keeps its own direction: the gift note, the recipient, the notes and each custom text", async () => {
    const html = await checkoutPage("ar", refused({ isGift: "on", giftNote: "Happy birthday يا نور", giftRecipientName: "Noor" }));
    expect(html).toMatch(/<textarea[^>]*dir="auto"[^>]*data-testid="gift-note"[^>]*>Happy birthday يا نور<\/textarea>/);
    expect(html).toMatch(/<input[^>]*dir="auto"[^>]*data-testid="gift-recipient-name"[^>]*value="Noor"|<input[^>]*value="Noor"[^>]*dir="auto"/);
    expect(html).toMatch(/<textarea[^>]*name="notes"[^>]*dir="auto"|<textarea[^>]*dir="auto"[^>]*name="notes"/);
    expect(html).toContain("<bdi>Lulu</bdi>, <bdi>لولو</bdi>");
  });
});

describe("the top of the checkout form after refused fields without JavaScript", () => {
  const alertOf = (html: string) => /<p class="form-message" role="alert">(.*?)<\/p>/.exec(html)?.[1] ?? null;

  it("says, in the page's language, that fields below need correcting", async () => {
    expect(alertOf(await checkoutPage("ar", refused({})))).toBe(resources.ar.translation.checkout.fieldsToCorrect);
    expect(alertOf(await checkoutPage("en", refused({})))).toBe("Some details need correcting: see the fields marked below.");
  });

  it("says nothing on a first visit, nor after a round trip with no refused field", async () => {
    expect(alertOf(await checkoutPage("en"))).toBeNull();
    expect(alertOf(await checkoutPage("en", { status: "success", initialValue: { couponCode: "PROBE10" } }))).toBeNull();
  });
});

describe("the checkout's radio buttons", () => {
  // Probe 1, finding 11: each building type and each delivery window had its group's one id.
  it("have an id each, so the page's ids are unique", async () => {
    const windows = [
      { id: "w1", from: "09:00", to: "12:00", available: 3 },
      { id: "w2", from: "16:00", to: "20:00", available: 3 },
    ];
    const html = await checkoutPage("en", undefined, [
      { date: "2026-12-03", windows },
      { date: "2026-12-04", windows },
    ]);
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((found) => found[0]);
    expect(radios).toHaveLength(3 + 4);
    const ids = radios.map((radio) => /\bid="([^"]+)"/.exec(radio)?.[1]);
    expect(ids).not.toContain(undefined);
    expect(new Set(ids).size).toBe(radios.length);
    const everyId = [...html.matchAll(/\bid="([^"]+)"/g)].map((found) => found[1]);
    expect(everyId.length - new Set(everyId).size).toBe(0);
  });
});
