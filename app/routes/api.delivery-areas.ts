import type { LoaderFunctionArgs } from "@remix-run/node";
import { areaJson } from "~/api/answers/shop.server";
import { listDeliveryAreas } from "~/models/shop/index.server";

/** GET /api/delivery-areas (CONTRACT.md "Delivery areas"): the areas the checkout offers, with their fee in KD. */
export async function loader(_args: LoaderFunctionArgs) {
  const areas = await listDeliveryAreas();
  // Read afresh on every call: a fee the owner changes is what the next order pays.
  return Response.json(areas.map(areaJson), { headers: { "Cache-Control": "no-store" } });
}
