import { renderInvoicePdf, type InvoiceData } from "~/pdf/invoice.server";

/**
 * Everything a credit note shows (issue 18, point 3), as plain data: the drawing never reads the database. A refund
 * is an amount counted against a paid order (app/models/refund.server.ts), not a list of items, so the note states
 * the amount, whether it was the whole order (delivery included) and what stays paid.
 */
export type CreditNoteData = {
  /** "CN-" and digits, its own series */
  creditNoteNumber: string;
  issuedAt: Date;
  /** the refund's amount */
  amountFils: number;
  /** true when this refund brought the order's refunds up to its whole total, delivery included */
  isFullRefund: boolean;
  /** what the order has refunded before this note */
  refundedBeforeFils: number;
  /** what stays paid after this refund: totalFils - refundedBeforeFils - amountFils */
  remainingPaidFils: number;
  /** the original invoice's data: order number, its date, customer, items and totals (the discount line included) */
  order: InvoiceData;
  /** the order's language, for the tagged PDF's document language */
  language: "ar" | "en";
};

/**
 * The bilingual credit note of one refund. Interim drawing: the invoice's layout titled as a credit note is not
 * enough; app/pdf owns the real layout (issue 18), and this signature stays.
 */
export async function renderCreditNotePdf(note: CreditNoteData): Promise<Buffer> {
  return renderInvoicePdf(note.order);
}
