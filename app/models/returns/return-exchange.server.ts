import { isConstraintRefusal, prisma, type Prisma } from "~/db.server";
import { newOrderNumber, holdStockNow, promisedByOf, sellStockNow } from "~/models/orders/index.server";
import { newPaymentSession, paymentPathOf, readyPaymentSession } from "~/models/payments/index.server";
import { refundBasis, ReturnError } from "./return.server";
import { lockReturn, move, type Admin, type DueParams, type Tx } from "./return-move.server";
import { EXCHANGE_HOLD_HOURS, returnRefundFils } from "~/shared/returns";
import { logFailure } from "~/utils/logger.server";

/**
 * A return's exchange (CONTRACT.md "Returns and exchanges", decisions 0057 and 0061): a new order of the same items,
 * or of the variants the shopper asked for instead, to the same address. No dearer than what was paid: paid at no
 * charge, its units sold at once. Dearer: unpaid, due only the difference, its units held EXCHANGE_HOLD_HOURS for a
 * shopper who pays from a message, with a payment session whose page the message links to. The returned items' money
 * is never refunded on an exchange.
 */

type ExchangedItem = {
  quantity: number;
  productId: string | null;
  exchangeVariantId: string | null;
  orderItem: { nameEn: string; nameAr: string; imageUrl: string; priceFils: number; variantId: string | null; optionValues: Prisma.JsonValue };
};

/** The order's discount, as the refund figures share it (`returnRefundFils`). */
type OrderDiscount = { subtotalFils: number; discountFils: number };

/**
 * What the shopper pays for an exchange: for each line whose wanted variant costs more than the item returned, the
 * wanted price less what was really paid for the returned units (their price less their share of the order's discount
 * code, as their refund would be); a line no dearer adds nothing and gives nothing back. Never delivery, never below 0.
 */
export function exchangeDueFils(lines: { quantity: number; priceFils: number; paidPriceFils: number }[], order: OrderDiscount): number {
  return lines.reduce((sum, line) => {
    if (line.priceFils <= line.paidPriceFils) return sum;
    const paid = returnRefundFils(line.paidPriceFils * line.quantity, order);
    return sum + Math.max(0, line.priceFils * line.quantity - paid);
  }, 0);
}

/** exchanged: the exchange order written in the move's transaction (a decision taken twice at once makes one order). */
export async function exchangeReturn(id: string, admin: Admin, note: string | null, now = new Date()) {
  for (let attempt = 0; ; attempt++) {
    try {
      // Read before the transaction: the settings come through the catalogue's cache, not the transaction's client.
      const promisedBy = await promisedByOf(now, null);
      const session = await prisma.$transaction((tx) => writeExchange(tx, id, admin, note, now, promisedBy));
      // After the commit: a provider with no choice of ways to pay is asked for its page (nothing to roll back if it
      // fails; the payment page starts a fresh attempt).
      if (session) await readyPaymentSession(session.id, session).catch((error: unknown) => logFailure(`payment of exchange order ${session.orderId} not prepared`, error));
      return;
    } catch (error) {
      if (attempt < 3 && isConstraintRefusal(error, "unique", "Order", "orderNumber")) continue;
      throw error;
    }
  }
}

async function writeExchange(tx: Tx, id: string, admin: Admin, note: string | null, now: Date, promisedBy: string) {
  // Written before anything else is read (SQLite's write lock; PostgreSQL's row lock): a second decision waits here,
  // and none goes on while a refund of the return is under way.
  await lockReturn(tx, id, now);
  const ret = await tx.return.findUniqueOrThrow({
    where: { id },
    select: {
      orderId: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          quantity: true,
          productId: true,
          exchangeVariantId: true,
          orderItem: { select: { nameEn: true, nameAr: true, imageUrl: true, priceFils: true, variantId: true, optionValues: true } },
        },
      },
    },
  });
  const order = await tx.order.findUniqueOrThrow({ where: { id: ret.orderId } });
  const lines = await exchangeLines(tx, ret.items);
  // An exchange order's items exchanged again are credited what they are worth, not its 0-total figures (decision 0110).
  const dueFils = exchangeDueFils(lines, await refundBasis(tx, order));
  const held = dueFils > 0;
  if (!(await (held ? holdStockNow(tx, lines) : sellStockNow(tx, lines)))) throw new ReturnError("outOfStock", 409);
  const subtotalFils = lines.reduce((sum, line) => sum + line.quantity * line.priceFils, 0);
  const exchange = await tx.order.create({
    data: {
      orderNumber: newOrderNumber(),
      customerId: order.customerId,
      isGuest: order.isGuest,
      language: order.language,
      fullName: order.fullName,
      email: order.email,
      phone: order.phone,
      buildingType: order.buildingType,
      city: order.city,
      street: order.street,
      streetNumber: order.streetNumber,
      block: order.block,
      buildingNumber: order.buildingNumber,
      floor: order.floor,
      apartmentNumber: order.apartmentNumber,
      exchangeForOrderNumber: order.orderNumber,
      subtotalFils,
      discountFils: subtotalFils - dueFils,
      deliveryFeeFils: 0,
      totalFils: dueFils,
      paymentStatus: held ? "unpaid" : "paid",
      paidAt: held ? null : now,
      reservedUntil: held ? new Date(now.getTime() + EXCHANGE_HOLD_HOURS * 3_600_000) : null,
      notifyWhatsApp: order.notifyWhatsApp,
      promisedBy,
      items: {
        create: lines.map(({ paidPriceFils: _paid, ...line }) => line),
      },
    },
    select: { id: true, orderNumber: true, totalFils: true, language: true },
  });
  let due: DueParams | undefined;
  let session: (ReturnType<typeof newPaymentSession> & { totalFils: number; language: string }) | null = null;
  if (held) {
    const row = newPaymentSession(exchange);
    await tx.payment.create({ data: row });
    session = { ...row, totalFils: exchange.totalFils, language: exchange.language };
    due = { exchangeOrderNumber: exchange.orderNumber, dueFils, payPath: paymentPathOf(row.id) };
  }
  await move(tx, id, "exchanged", admin, note, { exchangeOrderId: exchange.id }, due);
  return session;
}

/**
 * The exchange order's lines: each returned item again, or the variant asked for instead, read now (still of the
 * same product and not hidden: else 409), at its own price, with the price paid for the item returned. A product
 * without options sells from its own row, as orders do.
 */
async function exchangeLines(tx: Tx, items: ExchangedItem[]) {
  const productIds = [...new Set(items.map((item) => item.productId).filter((productId): productId is string => Boolean(productId)))];
  const products = await tx.product.findMany({
    where: { id: { in: productIds } },
    select: { id: true, hasOptions: true, variants: { select: { id: true, optionValues: true, priceFils: true, imageUrl: true, isHidden: true } } },
  });
  return items.map((item) => {
    const product = products.find((row) => row.id === item.productId);
    if (!product) throw new ReturnError("outOfStock", 409);
    const same = {
      productId: product.id,
      quantity: item.quantity,
      nameEn: item.orderItem.nameEn,
      nameAr: item.orderItem.nameAr,
      imageUrl: item.orderItem.imageUrl,
      priceFils: item.orderItem.priceFils,
      paidPriceFils: item.orderItem.priceFils,
      variantId: product.hasOptions ? item.orderItem.variantId : null,
      optionValues: item.orderItem.optionValues ?? [],
    };
    if (!item.exchangeVariantId || item.exchangeVariantId === item.orderItem.variantId) return same;
    const variant = product.hasOptions ? product.variants.find((row) => row.id === item.exchangeVariantId && !row.isHidden) : undefined;
    if (!variant) throw new ReturnError("badVariant", 409);
    return { ...same, variantId: variant.id, optionValues: variant.optionValues ?? [], imageUrl: variant.imageUrl ?? item.orderItem.imageUrl, priceFils: variant.priceFils };
  });
}
