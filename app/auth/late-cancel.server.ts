import { data, type AppLoadContext } from "@remix-run/node";
import { redirectWithToast } from "~/cookies/toast.server";
import { inLanguage } from "~/i18n/bilingual.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { cancelLateOrder, LateCancelError } from "~/models/fulfilment/index.server";
import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import { LateCancelFormSchema, parseWithZod } from "~/shared/schemas.server";
import { normalizeOrderNumber } from "~/shared/order-number";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";

/**
 * The "Cancel and get a full refund" form of My Orders (`customerId`, the signed-in shopper) and of the order's page
 * by phone (the phone posted with it): the same model call as `POST /api/orders/{orderNumber}/cancel`. Done, it
 * goes back to `backTo` with the message (Post/Redirect/Get); refused, the page shows why beside the button.
 */
export async function lateCancelFormAction(request: Request, context: AppLoadContext | undefined, who: { customerId: string | null }, backTo: (orderNumber: string, phone: string) => string) {
  const t = await i18nServer.getFixedT(request);
  const submission = parseWithZod(await readFormData(request), { schema: LateCancelFormSchema });
  const orderNumber = submission.status === "success" ? normalizeOrderNumber(submission.value.orderNumber) : null;
  if (submission.status !== "success" || !orderNumber) return data({ lateCancel: { orderNumber: null, message: t("api.lateCancel.notFound") } }, { status: 400 });
  try {
    await cancelLateOrder(orderNumber, { customerId: who.customerId, phone: submission.value.phone ?? null, address: clientAddress(context) });
    return redirectWithToast(backTo(orderNumber, submission.value.phone ?? ""), { name: "lateCancelled" });
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) {
      return data({ lateCancel: { orderNumber, message: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, await getLanguage(request)) } }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    if (!(error instanceof LateCancelError)) throw error;
    return data({ lateCancel: { orderNumber, message: t(`api.lateCancel.${error.reason}`) } }, { status: error.status });
  }
}
