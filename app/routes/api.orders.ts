import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { OrderPayloadSchema } from "~/api/request-schemas.server";
import { invalidBody } from "~/api/invalid-body.server";
import { CheckoutSchema, giftAndSlotOf } from "~/shared/checkout-schema";
import { getLanguage } from "~/i18n/i18next.server";
import { bilingual, bilingualFieldErrors } from "~/i18n/bilingual.server";
import { bilingualOrderError, OrderError, RESERVATION_MINUTES, withCouponAttempt } from "~/models/orders/index.server";
import { placedByAsker, rememberOrderHeader } from "~/cookies/order-access.server";
import { readCampaign } from "~/cookies/campaign.server";
import { placeOrderAndStartPayment } from "~/models/payments/index.server";
import { hitRateLimit, ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS } from "~/models/shop/index.server";
import { jsonError, readJsonBody, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";
import { getCustomerFromRequest } from "~/auth/session.server";

function asText(value: unknown) {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const limit = await hitRateLimit(`orders:${clientAddress(context)}`, ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);

  const payload = OrderPayloadSchema.safeParse(await readJsonBody(request));
  if (!payload.success) {
    return invalidBody(payload.error, bilingual("checkout.saveFailed"));
  }
  const { address, items } = payload.data;
  const details = CheckoutSchema.safeParse({
    fullName: asText(payload.data.fullName),
    email: asText(payload.data.email),
    phone: asText(payload.data.phone),
    buildingType: asText(payload.data.buildingType),
    city: asText(address.city),
    street: asText(address.street),
    streetNumber: asText(address.streetNumber),
    block: asText(address.block),
    buildingNumber: asText(address.buildingNumber),
    floor: asText(address.floor),
    apartmentNumber: asText(address.apartmentNumber),
    notes: asText(address.notes),
    notifyWhatsApp: payload.data.notifyWhatsApp === true,
    ...(payload.data.gift
      ? {
          isGift: true,
          giftNote: typeof payload.data.gift.note === "string" && payload.data.gift.note !== "" ? payload.data.gift.note : undefined,
          giftWrap: payload.data.gift.wrap === true,
          giftRecipientName: asText(payload.data.gift.recipientName),
          giftRecipientPhone: asText(payload.data.gift.recipientPhone),
        }
      : {}),
    deliverySlot: payload.data.deliverySlot ? `${payload.data.deliverySlot.date}|${payload.data.deliverySlot.windowId}` : undefined,
  });
  if (!details.success) {
    return jsonError(400, bilingual("checkout.saveFailed"), bilingualFieldErrors(z.flattenError(details.error).fieldErrors));
  }

  const [customer, language] = await Promise.all([getCustomerFromRequest(request), getLanguage(request)]);
  const client = clientAddress(context);
  try {
    // A code in the payload takes one of the client's wrong-code attempts, shared with the checkout's Apply.
    const outcome = await withCouponAttempt(client, payload.data.couponCode, () =>
      placeOrderAndStartPayment({
        details: details.data,
        lines: items.map((item) => ({ productId: item._id, ...(item.variantId ? { variantId: item.variantId } : {}), quantity: item.quantity, customTags: item.customTags })),
        customerId: customer?.id ?? null,
        language,
        clientAddress: client,
        couponCode: payload.data.couponCode,
        ...giftAndSlotOf(details.data),
        campaign: readCampaign(request),
      }),
    );
    if ("refused" in outcome) return tooManyCodes(outcome.refused.retryAfterSeconds);
    const placed = outcome.placed;
    return Response.json(
      { paymentUrl: placed.paymentUrl, orderSessionId: placed.orderSessionId, orderNumber: placed.order.orderNumber, orderId: placed.order.id },
      { status: 201, headers: { "Cache-Control": "no-store", "Set-Cookie": await rememberOrderHeader(request, placed.order.id) } },
    );
  } catch (error) {
    if (error instanceof OrderError) {
      const owns = error.earlier ? await placedByAsker(request, customer?.id ?? null, error.earlier) : false;
      const message = await bilingualOrderError(error, owns);
      // Too much held already: the client's unpaid orders let their stock go within a reservation's lifetime.
      return error.status === 429 ? tooManyRequests(RESERVATION_MINUTES * 60, message) : jsonError(error.status, message);
    }
    throw error;
  }
}

/** 429 once the client's wrong codes are spent, with the wait in `Retry-After` (CONTRACT: every 429 carries it). */
function tooManyCodes(retryAfterSeconds: number): Response {
  return tooManyRequests(retryAfterSeconds, bilingual("offers.coupon.tooManyAttempts", { minutes: Math.ceil(retryAfterSeconds / 60) }));
}
