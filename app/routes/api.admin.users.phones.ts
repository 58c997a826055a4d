import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRegisteredPhones } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";

/**
 * GET /api/admin/users/phones[?search=]: registered customers' phones with the name and e-mail of the account, their
 * paid order count and last order; `search` finds a phone, a name or an e-mail.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  const phones = await getRegisteredPhones(new URL(request.url).searchParams.get("search") ?? "");
  return Response.json(
    { phones: phones.map((row) => ({ phone: row.phone, fullName: row.fullName, email: row.email, orderCount: row.orderCount, lastOrderAt: row.lastOrderAt?.toISOString() ?? null })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
