import { hasLikeWildcard, idsContaining, prisma, textContains, type Prisma } from "~/db.server";
import { exchangeOrdersOf, returnSelect, withExchangeOrders } from "./return.server";
import { WAITING_RETURN_STATUSES, isReturnStatus } from "~/shared/returns";

/** The owner's list and page of returns (CONTRACT.md "Returns and exchanges": `GET /api/admin/returns`). */

export const RETURNS_PAGE_SIZE = 20;

function statusWhere(status: string | null | undefined): Prisma.ReturnWhereInput {
  if (status === "waiting") return { status: { in: [...WAITING_RETURN_STATUSES] } };
  return isReturnStatus(status) ? { status } : {};
}

/**
 * What a search of the returns matches: the return's number, the order's number, name or phone. A % or _ would be a
 * wildcard in Prisma's SQLite LIKE (probe 2, item 9), and no number or phone holds one: such a term is looked for as
 * typed in the names only.
 */
async function searchWhere(q: string): Promise<Prisma.ReturnWhereInput[]> {
  if (hasLikeWildcard(q)) return [{ orderId: { in: await idsContaining("Order", "fullName", q) } }];
  return [{ number: textContains(q) }, { order: { orderNumber: textContains(q) } }, { order: { fullName: textContains(q) } }, { order: { phone: { contains: q } } }];
}

/** Returns newest first, of one status, those waiting for the owner (`waiting`) or all, found by their number, the order's number, name or phone. */
export async function findReturns(input: { status?: string | null; q?: string | null; page?: number }) {
  const q = input.q?.trim() ?? "";
  const where: Prisma.ReturnWhereInput = {
    ...statusWhere(input.status),
    ...(q ? { OR: await searchWhere(q) } : {}),
  };
  const page = Math.max(1, input.page ?? 1);
  const [rows, total] = await Promise.all([
    prisma.return.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * RETURNS_PAGE_SIZE,
      take: RETURNS_PAGE_SIZE,
      select: { ...returnSelect, order: { select: { id: true, orderNumber: true, fullName: true, phone: true } } },
    }),
    prisma.return.count({ where }),
  ]);
  return {
    returns: await withExchangeOrders(rows),
    page,
    totalPages: Math.max(1, Math.ceil(total / RETURNS_PAGE_SIZE)),
    total,
  };
}

/** One return for its page and `GET /api/admin/returns/{id}`: the return, its lines, the order and the history. */
export async function getAdminReturn(idOrNumber: string) {
  const row = await prisma.return.findFirst({
    where: { OR: [{ id: idOrNumber }, { number: idOrNumber.toUpperCase() }] },
    select: {
      ...returnSelect,
      order: {
        select: {
          id: true,
          orderNumber: true,
          fullName: true,
          phone: true,
          email: true,
          deliveredAt: true,
          totalFils: true,
          deliveryFeeFils: true,
          discountFils: true,
          refundedFils: true,
          couponCode: true,
        },
      },
      statusChanges: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { fromStatus: true, toStatus: true, changedBy: true, note: true, createdAt: true } },
    },
  });
  if (!row) return null;
  const exchangeOrder = row.exchangeOrderId
    ? await prisma.order.findUnique({ where: { id: row.exchangeOrderId }, select: { id: true, orderNumber: true, totalFils: true, paymentStatus: true } })
    : null;
  return { row, exchangeOrder, exchanges: await exchangeOrdersOf([row]) };
}

export type AdminReturn = NonNullable<Awaited<ReturnType<typeof getAdminReturn>>>;
