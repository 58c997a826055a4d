import { prisma } from "~/db.server";
import type { AddressParts } from "~/shared/address-line";

/** How many of a shopper's last addresses the checkout offers (issue 43, point 11). */
export const SAVED_ADDRESSES = 3;

/**
 * A signed-in shopper's last delivery addresses, from her own orders, most recent first, each once (the same
 * address typed twice with other spaces or capitals is one). Orders whose personal data housekeeping removed are
 * left out. Only ever by the account's id: a guest has none, and nobody gets another's.
 */
export async function savedAddressesOf(customerId: string): Promise<AddressParts[]> {
  const orders = await prisma.order.findMany({
    where: { customerId, personalDataRemovedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 30,
    select: { buildingType: true, city: true, street: true, streetNumber: true, block: true, buildingNumber: true, floor: true, apartmentNumber: true },
  });
  const seen = new Set<string>();
  const addresses: AddressParts[] = [];
  for (const order of orders) {
    const address = { ...order, floor: order.floor ?? "", apartmentNumber: order.apartmentNumber ?? "" };
    const key = JSON.stringify(Object.values(address).map((value) => value.trim().replace(/\s+/g, " ").toLowerCase()));
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
    if (addresses.length === SAVED_ADDRESSES) break;
  }
  return addresses;
}

/** `?address=N` of the checkout: the shopper chose her N-th saved address (a link, so it works without JavaScript). */
export function chosenAddressIndex(request: Request, addresses: AddressParts[]): number | null {
  const value = new URL(request.url).searchParams.get("address");
  if (value === null || !/^\d$/.test(value)) return null;
  const index = Number(value);
  return index < addresses.length ? index : null;
}
