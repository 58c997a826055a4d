import type { LoaderFunctionArgs } from "@remix-run/node";
import { listDeliverySlots } from "~/models/orders/index.server";

/**
 * GET /api/delivery-slots (CONTRACT.md "Gifts and delivery times"): the next 7 Kuwait days' windows that may still be
 * chosen, each with the places left; [] when the owner has none (the checkout then asks for no window).
 */
export async function loader(_args: LoaderFunctionArgs) {
  // Read afresh on every call: places go with every order placed.
  return Response.json(await listDeliverySlots(), { headers: { "Cache-Control": "no-store" } });
}
