import { filsToKD } from "~/shared/money";
import { optionTexts } from "~/models/catalogue/index.server";
import { type AdminReturn, findReturns, getAdminReturn, type ReturnExchangeOrder, type ReturnRead, type ReturnRow } from "~/models/returns/index.server";

/** Returns and exchanges as the API answers them (CONTRACT.md "Returns and exchanges"). */

/** The exchange order of a return, from the map its query read (decision 0061), or null. */
export function exchangeOrderOf(row: { exchangeOrderId: string | null }, exchanges: ReadonlyMap<string, ReturnExchangeOrder>): ReturnExchangeOrder | null {
  return (row.exchangeOrderId ? exchanges.get(row.exchangeOrderId) : undefined) ?? null;
}

/** A return as CONTRACT.md reads it; `variantId` is the variant bought (a product without options: its own id). */
export function returnJson(row: ReturnRow, exchangeOrder: ReturnExchangeOrder | null) {
  return {
    _id: row.id,
    number: row.number,
    orderNumber: row.order.orderNumber,
    status: row.status,
    resolution: row.resolution,
    items: row.items.map((item) => ({
      productId: item.productId,
      variantId: item.orderItem.variantId,
      name: { en: item.orderItem.nameEn, ar: item.orderItem.nameAr },
      quantity: item.quantity,
      reason: item.reason,
      exchangeVariantId: item.exchangeVariantId,
      exchangeOptionValues: optionTexts(item.exchangeOptionValues),
    })),
    refundAmount: filsToKD(row.refundFils),
    exchangeOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ReturnJson = ReturnType<typeof returnJson>;

/** A return read with its exchange order (the shopper's pages and GET /api/orders/my, a request just made). */
export function returnReadJson(row: ReturnRead) {
  return returnJson(row, row.exchangeOrder);
}

/**
 * `GET /api/admin/returns` and the owner's list page (which reads the same answer): a page of returns, each with the
 * order's name and phone.
 */
export async function listReturns(input: Parameters<typeof findReturns>[0]) {
  const found = await findReturns(input);
  return {
    ...found,
    returns: found.returns.map((row) => ({ ...returnReadJson(row), fullName: row.order.fullName, phone: row.order.phone })),
  };
}

/** The admin API's return: CONTRACT.md's fields, and what the owner decides with. */
export function adminReturnJson({ row, exchangeOrder, exchanges }: AdminReturn) {
  return {
    ...returnJson(row, exchangeOrderOf(row, exchanges)),
    notes: row.notes,
    order: { _id: row.order.id, orderNumber: row.order.orderNumber, fullName: row.order.fullName, phone: row.order.phone, email: row.order.email },
    lines: row.items.map((item) => ({ _id: item.id, orderItemId: item.orderItemId, quantity: item.quantity, restocked: item.restocked })),
    exchangeOrderNumber: exchangeOrder?.orderNumber ?? null,
    history: row.statusChanges.map((change) => ({
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      changedBy: change.changedBy,
      note: change.note,
      changedAt: change.createdAt.toISOString(),
    })),
  };
}

/** The admin API's answer for a return after a decision. */
export async function savedReturnJson(id: string) {
  const found = await getAdminReturn(id);
  return found && adminReturnJson(found);
}
