/**
 * The payment result page when the order was cancelled before the gateway's money came (decision 0104, amended): the
 * shopper reads, in the page's language, that the money comes back, not that the payment failed.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { PaymentResult } from "./payment-result";

async function shown(language: "ar" | "en") {
  const Page = () => <PaymentResult state="refundDue" orderId="order-1" orderNumber="ORD-123" tryAgainUrl="/checkout" />;
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/payment/return", Component: Page }]);
  const context = await query(new Request("http://localhost/payment/return"));
  if (context instanceof Response) throw new Error("the page should not redirect");
  const html = renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </I18nProvider>,
  );
  return html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("the payment result of an order cancelled before its payment came", () => {
  it("says the order was cancelled and the amount comes back, in each language", async () => {
    expect(await shown("en")).toContain("Order Cancelled Order ORD-123 was cancelled before your payment reached us. The amount taken will be refunded to you in full.");
    expect(await shown("ar")).toContain("تم إلغاء الطلب تم إلغاء الطلب ORD-123 قبل وصول دفعتك إلينا. سيُردّ إليك المبلغ المخصوم كاملًا.");
    expect(await shown("en")).not.toContain("Payment Failed");
  });
});
