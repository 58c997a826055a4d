import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { productInputFromForm, type ProductFormValue } from "~/shared/admin-schemas";
import { testProvider } from "~/payments/test-provider.server";
import { createCustomer } from "../../../tests/factories/customer";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueId } from "../../../tests/factories/unique";
import { getAdminProduct, productFormDefaults, updateProduct } from "~/models/catalogue/index.server";
import { clientHashOf, OrderError, placeOrder, type PlaceOrderInput } from "./order.server";
import { HOLD_LIMITS, RESERVATION_MINUTES, SHORT_RESERVATION_MINUTES } from "./stock-hold.server";
import { cancelUnpaidOrder } from "~/models/fulfilment/index.server";
import { confirmPayment, expireReservations, reconcilePayments, startPaymentJobs, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { productJson } from "~/api/answers/catalogue.server";

async function stock(productId: string) {
  return prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stockQuantity: true, heldQuantity: true } });
}

async function paymentStatusOf(orderId: string) {
  return (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).paymentStatus;
}

function order(city: string, lines: { productId: string; quantity: number }[], client: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    details: checkoutDetails(city),
    lines: lines.map((line) => ({ ...line, customTags: [] })),
    customerId: null,
    language: "en",
    ...client,
  };
}

/** The owner saves the edit form with a new on-hand count and every other field as it was. */
async function setOnHand(productId: string, onHand: number) {
  const defaults = productFormDefaults((await getAdminProduct(productId))!);
  return updateProduct(productId, productInputFromForm({ ...defaults, stockQuantity: String(onHand) } as ProductFormValue));
}

/** How long the order's hold lasts from when it was placed, in whole minutes. */
async function heldMinutesOf(orderId: string, placedAt: Date) {
  const { reservedUntil } = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { reservedUntil: true } });
  return Math.round((reservedUntil!.getTime() - placedAt.getTime()) / 60_000);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("a hold", () => {
  it("moves the units from sale to held, and payment takes them out of the shop", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const placed = await placeOrderAndStartPayment(order(city, [{ productId: product.id, quantity: 2 }]));
    expect(await stock(product.id)).toEqual({ stockQuantity: 3, heldQuantity: 2 });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    expect(await stock(product.id)).toEqual({ stockQuantity: 3, heldQuantity: 0 });
  });

  it("ends on the timer, with no new order, and placing an order no longer frees other shoppers' holds", async () => {
    const city = await createDeliveryArea(prisma);
    const hoarded = await createProduct(prisma, { stockQuantity: 4 });
    const other = await createProduct(prisma, { stockQuantity: 4 });
    const expired = await placeOrderAndStartPayment(order(city, [{ productId: hoarded.id, quantity: 4 }]), minutesAgo(RESERVATION_MINUTES + 1));
    expect(await stock(hoarded.id)).toEqual({ stockQuantity: 0, heldQuantity: 4 });

    // Another checkout, even long after the hold ran out, leaves that hold to the timer.
    await placeOrderAndStartPayment(order(city, [{ productId: other.id, quantity: 1 }]), new Date(Date.now() + 60 * 60_000));
    expect(await paymentStatusOf(expired.order.id)).toBe("unpaid");

    const stop = startPaymentJobs(50);
    try {
      await expect.poll(() => paymentStatusOf(expired.order.id), { timeout: 10_000, interval: 50 }).toBe("failed");
    } finally {
      await stop();
    }
    expect(await stock(hoarded.id)).toEqual({ stockQuantity: 4, heldQuantity: 0 });
  });

  it("end on the timer even while a payment of a gateway this server cannot ask is still open", async () => {
    const city = await createDeliveryArea(prisma);
    const stuck = await createProduct(prisma, { stockQuantity: 1 });
    const product = await createProduct(prisma, { stockQuantity: 3 });
    const placedAt = minutesAgo(RESERVATION_MINUTES + 1);
    const other = await placeOrderAndStartPayment(order(city, [{ productId: stuck.id, quantity: 1 }]), placedAt);
    await prisma.payment.update({
      where: { id: other.orderSessionId },
      data: { provider: "retired-gateway", providerPaymentId: uniqueId("retired"), createdAt: placedAt },
    });
    const expired = await placeOrderAndStartPayment(order(city, [{ productId: product.id, quantity: 3 }]), placedAt);

    await expect(reconcilePayments()).resolves.toBeGreaterThanOrEqual(0);
    const stop = startPaymentJobs(50);
    try {
      await expect.poll(() => paymentStatusOf(expired.order.id), { timeout: 10_000, interval: 50 }).toBe("failed");
    } finally {
      await stop();
    }
    expect(await stock(product.id)).toEqual({ stockQuantity: 3, heldQuantity: 0 });
    await prisma.payment.update({ where: { id: other.orderSessionId }, data: { provider: "test" } });
  });

  it("still end for everyone when one expired order's gateway can no longer be asked", async () => {
    const city = await createDeliveryArea(prisma);
    const stuck = await createProduct(prisma, { stockQuantity: 1 });
    const product = await createProduct(prisma, { stockQuantity: 2 });
    const placedAt = minutesAgo(RESERVATION_MINUTES + 1);
    const unaskable = await placeOrderAndStartPayment(order(city, [{ productId: stuck.id, quantity: 1 }]), placedAt);
    // Its attempt was made with a gateway the shop has since been switched away from.
    await prisma.payment.update({ where: { id: unaskable.orderSessionId }, data: { provider: "retired-gateway" } });
    const expired = await placeOrderAndStartPayment(order(city, [{ productId: product.id, quantity: 2 }]), placedAt);

    await expireReservations();
    expect(await paymentStatusOf(expired.order.id)).toBe("failed");
    expect(await stock(product.id)).toEqual({ stockQuantity: 2, heldQuantity: 0 });
    expect(await paymentStatusOf(unaskable.order.id)).toBe("unpaid");
    expect(await stock(stuck.id)).toEqual({ stockQuantity: 0, heldQuantity: 1 });
    await prisma.payment.update({ where: { id: unaskable.orderSessionId }, data: { provider: "test" } });
  });
});

describe("the owner's stock edit", () => {
  it("sets on hand while units are held, so the hold's end gives back only its own units (no oversell)", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const placed = await placeOrderAndStartPayment(order(city, [{ productId: product.id, quantity: 2 }]), minutesAgo(RESERVATION_MINUTES + 1));

    // The owner counts 10 pieces on the shelf, the 2 held ones among them.
    expect((await setOnHand(product.id, 10)).ok).toBe(true);
    expect(await stock(product.id)).toEqual({ stockQuantity: 8, heldQuantity: 2 });
    expect(productJson((await getAdminProduct(product.id))!)).toMatchObject({ stockQuantity: 10, heldQuantity: 2 });

    await expireReservations();
    expect(await paymentStatusOf(placed.order.id)).toBe("failed");
    expect(await stock(product.id)).toEqual({ stockQuantity: 10, heldQuantity: 0 });
  });

  it("refuses an on-hand count below the units held right now, changing nothing", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    await placeOrder(order(city, [{ productId: product.id, quantity: 3 }]));
    expect(await setOnHand(product.id, 2)).toEqual({ ok: false, reason: "belowHeld", heldQuantity: 3 });
    expect(await stock(product.id)).toEqual({ stockQuantity: 2, heldQuantity: 3 });
    expect((await setOnHand(product.id, 3)).ok).toBe(true);
    expect(await stock(product.id)).toEqual({ stockQuantity: 0, heldQuantity: 3 });
  });
});

describe("the per-client hold caps", () => {
  it("stop a client's burst at the caps while another shopper buys beside it", async () => {
    const city = await createDeliveryArea(prisma);
    // More stock than the burst and the shopper can take together, so every refusal is the cap's, whichever engine
    // runs the orders in whichever sequence.
    // Eight products, one an order: a second unpaid order of one product would be refused for that (decision 0077).
    const products = await Promise.all(Array.from({ length: 8 }, () => createProduct(prisma, { stockQuantity: 20 })));
    const product = products[0];
    const hoarder = { clientAddress: uniqueId("203.0.113") };
    const burst = Promise.allSettled(products.map(({ id }) => placeOrder(order(city, [{ productId: id, quantity: 2 }], hoarder))));
    const shopper = placeOrder(order(city, [{ productId: product.id, quantity: 4 }], { clientAddress: uniqueId("198.51.100") }));
    const [results, bought] = await Promise.all([burst, shopper]);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(HOLD_LIMITS.unpaidOrders);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "holdLimit", status: 429 });
    }
    expect(bought.orderNumber).toMatch(/^ORD-/);
    const held = (await Promise.all(products.map(({ id }) => stock(id)))).reduce((sum, row) => sum + row.heldQuantity, 0);
    expect(held).toBe(HOLD_LIMITS.unpaidOrders * 2 + 4);
    const stored = await prisma.order.findMany({ where: { clientHash: clientHashOf(hoarder.clientAddress) } });
    expect(stored).toHaveLength(HOLD_LIMITS.unpaidOrders);
    expect(JSON.stringify(stored)).not.toContain(hoarder.clientAddress);
  });

  it("limit the units of one product and in all, by address and by account, and a refusal changes nothing", async () => {
    const city = await createDeliveryArea(prisma);
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createProduct(prisma, { stockQuantity: 30 })));
    const address = { clientAddress: uniqueId("192.0.2") };
    // An order over a cap by itself is told so (not that earlier unpaid orders hold products: there are none).
    await expect(placeOrder(order(city, [{ productId: first.id, quantity: HOLD_LIMITS.heldUnitsPerProduct + 1 }], address))).rejects.toMatchObject({
      code: "orderTooLarge",
      status: 400,
    });
    const overAll = [first, second, third].map((product) => ({ productId: product.id, quantity: 7 }));
    await expect(placeOrder(order(city, overAll, address))).rejects.toMatchObject({ code: "orderTooLarge" });
    expect(await stock(first.id)).toEqual({ stockQuantity: 30, heldQuantity: 0 });
    expect(await prisma.order.count({ where: { clientHash: clientHashOf(address.clientAddress) } })).toBe(0);

    const customer = await createCustomer(prisma);
    const signedIn = { customerId: customer.id, clientAddress: uniqueId("192.0.2") };
    await placeOrder(order(city, [{ productId: first.id, quantity: 10 }, { productId: second.id, quantity: 10 }], signedIn));
    // The same account from another address is the same client: 20 units are held already.
    const elsewhere = { customerId: customer.id, clientAddress: uniqueId("192.0.2") };
    await expect(placeOrder(order(city, [{ productId: third.id, quantity: 1 }], elsewhere))).rejects.toBeInstanceOf(OrderError);
    expect(await stock(third.id)).toEqual({ stockQuantity: 30, heldQuantity: 0 });
    // Once those holds end, the account may hold again.
    await prisma.order.updateMany({ where: { customerId: customer.id }, data: { reservedUntil: minutesAgo(1) } });
    await expireReservations();
    await placeOrder(order(city, [{ productId: third.id, quantity: 1 }], elsewhere));
    expect(await stock(third.id)).toEqual({ stockQuantity: 29, heldQuantity: 1 });
  });

  it("let one order take every piece for sale: the last 3 of 3 are held together, on the short hold", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { nameEn: "Pearl Clip", stockQuantity: 3 });
    const placedAt = new Date();
    const placed = await placeOrder(order(city, [{ productId: product.id, quantity: 3 }], { clientAddress: uniqueId("203.0.113") }), placedAt);
    expect(await stock(product.id)).toEqual({ stockQuantity: 0, heldQuantity: 3 });
    expect(await heldMinutesOf(placed.id, placedAt)).toBe(SHORT_RESERVATION_MINUTES);
  });

  it("hold more than half of what is for sale for the short time, and half or less for the usual time", async () => {
    const city = await createDeliveryArea(prisma);
    const [half, more] = await Promise.all([createProduct(prisma, { stockQuantity: 6 }), createProduct(prisma, { stockQuantity: 6 })]);
    const placedAt = new Date();
    const usual = await placeOrder(order(city, [{ productId: half.id, quantity: 3 }], { clientAddress: uniqueId("203.0.113") }), placedAt);
    const short = await placeOrder(order(city, [{ productId: more.id, quantity: 4 }], { clientAddress: uniqueId("203.0.113") }), placedAt);
    expect(await heldMinutesOf(usual.id, placedAt)).toBe(RESERVATION_MINUTES);
    expect(await heldMinutesOf(short.id, placedAt)).toBe(SHORT_RESERVATION_MINUTES);
    // Half of what is left is what counts: 3 are for sale now, so 2 of them is more than half.
    const next = await placeOrder(order(city, [{ productId: half.id, quantity: 2 }], { clientAddress: uniqueId("198.51.100") }), placedAt);
    expect(await heldMinutesOf(next.id, placedAt)).toBe(SHORT_RESERVATION_MINUTES);
  });

  it("refuse a client's second unpaid order of a product, naming the first, until it is paid or cancelled", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { nameEn: "Pearl Clip", stockQuantity: 6 });
    const other = await createProduct(prisma, { stockQuantity: 6 });
    const client = { clientAddress: uniqueId("203.0.113") };
    const first = await placeOrderAndStartPayment(order(city, [{ productId: product.id, quantity: 1 }], client));
    await expect(placeOrder(order(city, [{ productId: other.id, quantity: 1 }, { productId: product.id, quantity: 1 }], client))).rejects.toMatchObject({
      code: "heldByUnpaidOrder",
      status: 409,
      productName: { en: "Pearl Clip" },
      earlier: { orderId: first.order.id, orderNumber: first.order.orderNumber, orderSessionId: first.orderSessionId },
    });
    // The refusal changed nothing: neither product's stock, nor the client's orders.
    expect(await stock(product.id)).toEqual({ stockQuantity: 5, heldQuantity: 1 });
    expect(await stock(other.id)).toEqual({ stockQuantity: 6, heldQuantity: 0 });
    expect(await prisma.order.count({ where: { clientHash: clientHashOf(client.clientAddress) } })).toBe(1);
    // Another product, and another shopper, are not held back.
    await placeOrder(order(city, [{ productId: other.id, quantity: 1 }], client));
    await placeOrder(order(city, [{ productId: product.id, quantity: 2 }], { clientAddress: uniqueId("198.51.100") }));

    expect((await cancelUnpaidOrder(first.orderSessionId)).outcome).toBe("cancelled");
    expect(await paymentStatusOf(first.order.id)).toBe("failed");
    expect(await stock(product.id)).toEqual({ stockQuantity: 4, heldQuantity: 2 });
    await placeOrder(order(city, [{ productId: product.id, quantity: 4 }], client));
    expect(await stock(product.id)).toEqual({ stockQuantity: 0, heldQuantity: 6 });
    expect((await cancelUnpaidOrder(first.orderSessionId)).outcome).toBe("notCancellable");
  });

  it("count a client's concurrent orders of one product one after another, so only one of them holds it", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 6 });
    const hoarder = { clientAddress: uniqueId("203.0.113") };
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => placeOrder(order(city, [{ productId: product.id, quantity: 2 }], hoarder))));

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "heldByUnpaidOrder", status: 409 });
    }
    expect(await stock(product.id)).toEqual({ stockQuantity: 4, heldQuantity: 2 });
  });

  it("count the earlier order by account too, from another address", async () => {
    const city = await createDeliveryArea(prisma);
    const pair = await createProduct(prisma, { stockQuantity: 2 });
    const customer = await createCustomer(prisma);
    const first = await placeOrder(order(city, [{ productId: pair.id, quantity: 1 }], { customerId: customer.id, clientAddress: uniqueId("192.0.2") }));
    await expect(
      placeOrder(order(city, [{ productId: pair.id, quantity: 1 }], { customerId: customer.id, clientAddress: uniqueId("192.0.2") })),
    ).rejects.toMatchObject({ code: "heldByUnpaidOrder", earlier: { orderNumber: first.orderNumber, customerId: customer.id } });
    expect(await stock(pair.id)).toEqual({ stockQuantity: 1, heldQuantity: 1 });
  });
});
