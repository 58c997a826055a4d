import crypto from "node:crypto";
import { isConstraintRefusal, prisma, type Prisma } from "~/db.server";
import { getInvoiceData } from "~/models/orders/index.server";
import { orderContacts, queueShopperMessages } from "~/models/messaging/index.server";
import type { CreditNoteData, ReturnedGoods } from "~/pdf/credit-note.server";
import type { InvoiceData } from "~/pdf/invoice.server";
import { renderCreditNote } from "~/pdf/off-thread.server";
import { returnRefundFils } from "~/shared/returns";

/** A refund the gateway accepted: money the shop has committed to give back (docs/decisions/0034-credit-notes.md). */
const ACCEPTED_REFUND_STATUSES = ["pending", "refunded"];

export const CREDIT_NOTE_NUMBER = /^CN-\d{12}$/;

/** `CN-` and 12 random digits, as order numbers: unique by the database's constraint, on any number of servers. */
export function newCreditNoteNumber(): string {
  const high = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const low = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  return `CN-${high}${low}`;
}

export type IssuedCreditNote = { id: string; number: string; orderId: string };

/**
 * Issues the credit notes an order still owes: one for each refund the gateway accepted that has none yet, oldest
 * first. Called after every accepted refund, so a note whose issuing failed (a crash just after the gateway
 * answered) is issued with the order's next refund. Each note's figures are fixed in one transaction that first
 * takes the order's row (SQLite's write lock, PostgreSQL's row lock), so notes of one order are issued one after
 * another and each counts exactly the notes before it. Answers the notes this call issued: the caller mails them.
 */
export async function issueCreditNotes(orderId: string): Promise<IssuedCreditNote[]> {
  const issued: IssuedCreditNote[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      issued.push(...(await issueOwedNotes(orderId)));
      break;
    } catch (error) {
      // Two servers drew the same 12 digits: the loser's transaction wrote nothing, and it draws again.
      if (!isConstraintRefusal(error, "unique", "CreditNote", "number") || attempt >= 2) throw error;
    }
  }
  for (const note of issued) await drawCreditNote(note.id);
  return issued;
}

async function issueOwedNotes(orderId: string): Promise<IssuedCreditNote[]> {
  return prisma.$transaction(async (tx) => {
    // Write first (nothing changes): it serialises the order's notes, and on SQLite takes the write lock before reading.
    const locked = await tx.$executeRaw`UPDATE "Order" SET "refundedFils" = "refundedFils" WHERE "id" = ${orderId}`;
    if (locked !== 1) return [];
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { totalFils: true } });
    // providerRefundId is written with the gateway's acceptance, so a refund still waiting for its answer has none.
    const owed = await tx.refund.findMany({
      where: { orderId, status: { in: ACCEPTED_REFUND_STATUSES }, providerRefundId: { not: null }, creditNote: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, amountFils: true },
    });
    if (owed.length === 0) return [];
    const before = await tx.creditNote.aggregate({ where: { orderId }, _sum: { amountFils: true } });
    let refundedBeforeFils = before._sum.amountFils ?? 0;
    const notes: IssuedCreditNote[] = [];
    for (const refund of owed) {
      const note = await tx.creditNote.create({
        data: {
          number: newCreditNoteNumber(),
          refundId: refund.id,
          orderId,
          amountFils: refund.amountFils,
          refundedBeforeFils,
          remainingPaidFils: Math.max(order.totalFils - refundedBeforeFils - refund.amountFils, 0),
        },
        select: { id: true, number: true, orderId: true },
      });
      refundedBeforeFils += refund.amountFils;
      notes.push(note);
    }
    // Each note's mail is queued with the note, so a note is never issued without its message (decision 0054).
    const contacts = await orderContacts(tx, orderId);
    for (const note of notes) if (contacts) await queueShopperMessages(tx, contacts, "refund", { creditNoteId: note.id });
    return notes;
  });
}

/** What the drawing needs, from the note's fixed figures and the order's invoice data. */
async function creditNoteData(id: string): Promise<CreditNoteData | null> {
  const note = await prisma.creditNote.findUnique({
    where: { id },
    select: {
      number: true,
      createdAt: true,
      amountFils: true,
      refundedBeforeFils: true,
      remainingPaidFils: true,
      refundId: true,
      orderId: true,
      order: { select: { orderNumber: true, language: true } },
    },
  });
  if (!note) return null;
  const invoice = await getInvoiceData(note.order.orderNumber);
  if (!invoice) return null;
  return {
    forReturn: await returnedGoods(note.orderId, note.refundId, invoice),
    creditNoteNumber: note.number,
    issuedAt: note.createdAt,
    amountFils: note.amountFils,
    isFullRefund: note.remainingPaidFils === 0,
    refundedBeforeFils: note.refundedBeforeFils,
    remainingPaidFils: note.remainingPaidFils,
    order: invoice,
    language: note.order.language === "en" ? "en" : "ar",
  };
}

/**
 * The return a refund was made for, as its credit note names it (probe 4, item 8): its number, the items taken back,
 * their price and their share of the order's discount or exchange credit, which the refund is less by. The return
 * records its refund as the refund is written (refund.server.ts `returnId`), so it is found when the note is drawn,
 * right after the gateway accepts; each refund names its return too, so a part made through an exchange's first order
 * names it as well. Null for a refund the owner made on the order itself.
 */
async function returnedGoods(orderId: string, refundId: string, order: InvoiceData): Promise<ReturnedGoods | null> {
  const returnId = (await prisma.refund.findUnique({ where: { id: refundId }, select: { returnId: true } }))?.returnId;
  const found = await prisma.return.findFirst({
    where: returnId ? { id: returnId } : { orderId, refundId },
    select: { orderId: true, number: true, items: { orderBy: { id: "asc" }, select: { quantity: true, orderItem: { select: { nameEn: true, nameAr: true, priceFils: true } } } } },
  });
  if (!found) return null;
  const itemsFils = found.items.reduce((sum, item) => sum + item.quantity * item.orderItem.priceFils, 0);
  return {
    number: found.number,
    items: found.items.map((item) => ({ nameEn: item.orderItem.nameEn, nameAr: item.orderItem.nameAr, quantity: item.quantity })),
    itemsFils,
    // Part of an exchanged item's refund made through the first order (decision 0110): the items are named, but their
    // price and credit belong to the exchange's invoice, not to this order's.
    discountShareFils: found.orderId === orderId ? itemsFils - returnRefundFils(itemsFils, order) : 0,
  };
}

/**
 * Draws a note's PDF and keeps it, unless another request or server kept one first: then that one, so every server
 * sends the same bytes (docs/decisions/0019-shared-files.md). Null when the note or its order is gone.
 */
async function drawCreditNote(id: string): Promise<Buffer | null> {
  const data = await creditNoteData(id);
  if (!data) return null;
  const pdf = await renderCreditNote(data);
  await prisma.creditNote.updateMany({ where: { id, pdf: null }, data: { pdf: new Uint8Array(pdf) } });
  const kept = await prisma.creditNote.findUnique({ where: { id }, select: { pdf: true } });
  return kept?.pdf ? Buffer.from(kept.pdf) : null;
}

/** A note by its number, with what the privacy check needs of its order. */
export async function getCreditNote(number: string) {
  if (!CREDIT_NOTE_NUMBER.test(number)) return null;
  return prisma.creditNote.findUnique({
    where: { number },
    select: { id: true, number: true, order: { select: { id: true, orderNumber: true, customerId: true } } },
  });
}

/** The note's PDF as first kept; drawn now if its drawing never finished. */
export async function getCreditNotePdf(id: string): Promise<Buffer | null> {
  const stored = await prisma.creditNote.findUnique({ where: { id }, select: { pdf: true } });
  if (!stored) return null;
  return stored.pdf ? Buffer.from(stored.pdf) : drawCreditNote(id);
}

/** Everything the shopper's e-mail says about a note. */
export async function getCreditNoteForMail(id: string) {
  const note = await prisma.creditNote.findUnique({
    where: { id },
    select: {
      number: true,
      amountFils: true,
      remainingPaidFils: true,
      order: { select: { orderNumber: true, createdAt: true, fullName: true, email: true, totalFils: true } },
    },
  });
  if (!note) return null;
  const pdf = await getCreditNotePdf(id);
  return pdf ? { ...note, pdf } : null;
}

export async function markCreditNoteMailed(id: string) {
  await prisma.creditNote.update({ where: { id }, data: { mailedAt: new Date() } });
}

/** The select that order queries use to list their notes, oldest first. */
export const creditNoteListSelect = {
  orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  select: { number: true, amountFils: true, remainingPaidFils: true, createdAt: true },
} satisfies Prisma.Order$creditNotesArgs;
