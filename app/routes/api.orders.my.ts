import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrdersForCustomer } from "~/models/fulfilment/index.server";
import { orderAsReadJson } from "~/api/answers/orders.server";
import { jsonOk } from "~/auth/account-api.server";
import { requireApiCustomer } from "~/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireApiCustomer(request);
  return jsonOk({ orders: (await getOrdersForCustomer(customer.id)).map(orderAsReadJson) });
}
