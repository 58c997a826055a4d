import { prisma } from "~/db.server";
import { parseCartLines, type CartLine } from "~/shared/cart-line";
import { joinCartLines, type CartChange } from "./cart.server";

/**
 * How many times a change is worked out again when another request changed the cart first. Each retry means that
 * another change was written, so only a shopper sending this many changes at the very same moment could run out.
 */
const MAX_TRIES = 20;

/** A saved cart no change has touched for this long is dropped by housekeeping (decision 0086). */
export const SAVED_CART_IDLE_DAYS = 90;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** A signed-in shopper's saved lines, none before their first change. */
export async function getSavedCartLines(customerId: string): Promise<CartLine[]> {
  const row = await prisma.savedCart.findUnique({ where: { customerId }, select: { lines: true } });
  return row ? parseCartLines(row.lines) : [];
}

/**
 * Applies one change (an add, a quantity, a join) to the shopper's saved cart. Two devices, or two quick clicks, can
 * change it at once: each change reads the lines with their version and writes only if the version is still the one
 * it read (the conditional write of confirmPayment and the job lease), else it is worked out again on what the other
 * wrote, so neither change is lost and the stock rules see the lines as they are.
 */
export async function changeSavedCart(customerId: string, change: (lines: CartLine[]) => Promise<CartChange> | CartChange): Promise<CartChange> {
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const row = await prisma.savedCart.findUnique({ where: { customerId }, select: { lines: true, version: true } });
    const lines = row ? parseCartLines(row.lines) : [];
    const outcome = await change(lines);
    if (outcome.lines === lines) return outcome;
    if (!row) {
      try {
        await prisma.savedCart.create({ data: { customerId, lines: outcome.lines } });
        return outcome;
      } catch (error) {
        // Another request made the row first: work the change out again on its lines.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
    }
    const { count } = await prisma.savedCart.updateMany({
      where: { customerId, version: row.version },
      data: { lines: outcome.lines, version: { increment: 1 } },
    });
    if (count === 1) return outcome;
  }
  throw new Error(`The saved cart of ${customerId} changed ${MAX_TRIES} times while one change was worked out`);
}

/** A guest's lines joined to the shopper's saved cart at sign-in (joinCartLines' rule), in one change. */
export function joinSavedCart(customerId: string, guestLines: CartLine[]): Promise<CartChange> {
  return changeSavedCart(customerId, (lines) => joinCartLines(lines, guestLines));
}

/** After the shopper paid, as the guest's cookie is emptied then. */
export async function emptySavedCart(customerId: string): Promise<void> {
  await prisma.savedCart.deleteMany({ where: { customerId } });
}

/**
 * Drops the saved carts no change has touched for SAVED_CART_IDLE_DAYS: their prices and stock are long gone, and a
 * shopper who left is not kept a cart for ever. One conditional delete, so a change made meanwhile keeps its cart
 * (its write moves `updatedAt`, or makes the row again). Answers how many went.
 */
export async function dropIdleSavedCarts(now = new Date()): Promise<number> {
  const { count } = await prisma.savedCart.deleteMany({ where: { updatedAt: { lte: new Date(now.getTime() - SAVED_CART_IDLE_DAYS * 24 * 60 * 60 * 1000) } } });
  return count;
}
