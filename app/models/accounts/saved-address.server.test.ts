import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../../../tests/factories/customer";
import { createOrder } from "../../../tests/factories/order";
import { savedAddressesOf } from "./saved-address.server";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function orderAt(customerId: string, minutes: number, address: { city?: string; street: string; block?: string }) {
  const order = await createOrder(prisma, { customerId, createdAt: minutesAgo(minutes) });
  await prisma.order.update({ where: { id: order.id }, data: { city: address.city ?? "Hawalli", street: address.street, block: address.block ?? "2" } });
}

describe("a shopper's saved addresses", () => {
  it("are her last ones, each once, most recent first, three at most, and never another's", async () => {
    const [sara, other] = await Promise.all([createCustomer(prisma), createCustomer(prisma)]);
    await orderAt(sara.id, 50, { street: "Oldest Street" });
    await orderAt(sara.id, 40, { street: "Gulf Road", city: "Salmiya" });
    await orderAt(sara.id, 30, { street: "Tunis Street" });
    await orderAt(sara.id, 20, { street: "Gulf  road", city: "Salmiya" });
    await orderAt(sara.id, 10, { street: "Baghdad Street", block: "5" });
    await orderAt(other.id, 5, { street: "Stranger Street" });
    const removed = await createOrder(prisma, { customerId: sara.id, createdAt: minutesAgo(1) });
    await prisma.order.update({ where: { id: removed.id }, data: { street: "Removed Street", personalDataRemovedAt: new Date() } });

    const addresses = await savedAddressesOf(sara.id);
    expect(addresses.map((address) => address.street)).toEqual(["Baghdad Street", "Gulf  road", "Tunis Street"]);
    expect(addresses[0]).toMatchObject({ city: "Hawalli", block: "5", buildingNumber: "14", floor: "", apartmentNumber: "" });
    expect(await savedAddressesOf(other.id)).toEqual([expect.objectContaining({ street: "Stranger Street" })]);
  });
});
