import { data } from "@remix-run/node";
import { i18nServer } from "~/i18n/i18next.server";
import { clearCartCookieHeader } from "~/cookies/cart.server";
import { verifyOrderPayment } from "~/models/payment.server";

/**
 * The payment result page by `orderId` (the gateway's return URL): the server asks the provider, never the
 * query string, whether the order is paid; a paid order empties the cart.
 */
export async function loadPaymentResult(request: Request) {
  const t = await i18nServer.getFixedT(request);
  const meta = { title: t("payment.title"), description: t("meta.defaultDescription"), siteName: t("meta.siteName") };
  const orderId = new URL(request.url).searchParams.get("orderId")?.trim();
  if (!orderId) return data({ meta, state: "missing" as const, orderId: null, orderNumber: null }, { status: 400 });
  const result = await verifyOrderPayment(orderId);
  if (!result) return data({ meta, state: "failed" as const, orderId: null, orderNumber: null }, { status: 404 });
  if (result.state !== "paid") return data({ meta, state: "failed" as const, orderId: result.orderId, orderNumber: null });
  return data(
    { meta, state: "paid" as const, orderId: result.orderId, orderNumber: result.orderNumber },
    { headers: { "Set-Cookie": await clearCartCookieHeader() } },
  );
}
