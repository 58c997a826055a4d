import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRegisteredPhones } from "~/models/admin-order.server";
import { requireAdminApi } from "~/auth/admin-session.server";

/** GET /api/admin/users/phones: registered customers' phones with their paid order count and last order. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const phones = await getRegisteredPhones();
  return Response.json(
    { phones: phones.map((row) => ({ phone: row.phone, orderCount: row.orderCount, lastOrderAt: row.lastOrderAt?.toISOString() ?? null })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
