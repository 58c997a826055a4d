/**
 * `/uploads/credit-notes/{number}.pdf` is private as the order's invoice: the owner signed in, the browser that placed
 * the order, the administrator, or a link signed for this very note; a link signed for the invoice or another note,
 * a tampered or an expired one opens nothing.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { rememberOrderHeader } from "~/cookies/order-access.server";
import { issueCreditNotes } from "~/models/payments/index.server";
import { signedDocumentPath, signedInvoicePath } from "~/models/orders/index.server";
import { adminCookie, customerToken, request } from "../../tests/support/admin-requests";
import { createCustomer } from "../../tests/factories/customer";
import { createOrder } from "../../tests/factories/order";
import { createSession } from "../../tests/factories/session";
import { loader } from "./uploads.credit-notes.$file";
import { loader as invoiceLoader } from "./uploads.invoices.$file";

/** A customer's paid order with two accepted refunds, and their notes (issued without mail: no refund is asked). */
async function refundedOrder() {
  const customer = await createCustomer(prisma);
  const order = await createOrder(prisma, { paymentStatus: "paid", customerId: customer.id });
  const payment = await prisma.payment.create({
    data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` },
  });
  for (const amountFils of [1000, 500]) {
    await prisma.refund.create({
      data: { orderId: order.id, paymentId: payment.id, amountFils, status: "refunded", providerRefundId: `tr_${crypto.randomUUID()}`, requestedBy: "owner@example.com" },
    });
  }
  await prisma.order.update({ where: { id: order.id }, data: { refundedFils: 1500 } });
  const notes = await issueCreditNotes(order.id);
  return { order, customer, notes };
}

function get(path: string, auth: { cookie?: string; token?: string } = {}) {
  const file = decodeURIComponent(new URL(path, "http://localhost").pathname.split("/").pop()!);
  const isInvoice = path.startsWith("/uploads/invoices/");
  return (isInvoice ? invoiceLoader : loader)({ request: request(path, auth), params: { file }, context: { cspNonce: "" } });
}

async function bilingualError(response: Response) {
  return ((await response.json()) as { message: string }).message;
}

describe("credit note PDFs", () => {
  it("open for the order's owner signed in, the browser that placed it and the administrator", async () => {
    const { order, customer, notes } = await refundedOrder();
    const path = `/uploads/credit-notes/${notes[0].number}.pdf`;

    const owner = await get(path, { token: await createSession(prisma, { customerId: customer.id }) });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Content-Type")).toBe("application/pdf");
    expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
    expect(owner.headers.get("Content-Disposition")).toBe(`inline; filename="${notes[0].number}.pdf"`);
    expect(Buffer.from(await owner.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    const placedHere = (await rememberOrderHeader(new Request("http://localhost/"), order.id)).split(";")[0];
    expect((await get(path, { cookie: placedHere })).status).toBe(200);
    expect((await get(path, { cookie: (await adminCookie()).cookie })).status).toBe(200);
  });

  it("refuse a stranger and another shopper with 403 and the bilingual message", async () => {
    const { notes } = await refundedOrder();
    const path = `/uploads/credit-notes/${notes[0].number}.pdf`;
    const stranger = await get(path);
    expect(stranger.status).toBe(403);
    expect(await bilingualError(stranger)).toBe("This credit note is private. / إشعار الدائن هذا خاص.");
    expect((await get(path, { token: await customerToken() })).status).toBe(403);
    const english = await loader({ request: request(path, { headers: { Cookie: "lang=en" } }), params: { file: `${notes[0].number}.pdf` }, context: { cspNonce: "" } });
    expect(await bilingualError(english)).toBe("This credit note is private.");
  });

  it("answer 404 for a number no note has, or that is not a credit note number", async () => {
    const { cookie } = await adminCookie();
    const unknown = await get("/uploads/credit-notes/CN-000000000000.pdf", { cookie });
    expect(unknown.status).toBe(404);
    expect(await bilingualError(unknown)).toBe("No credit note has this number. / لا يوجد إشعار دائن بهذا الرقم.");
    for (const name of ["CN-12.pdf", "ORD-123456789012.pdf", "CN-000000000000.txt", "..%2Fx.pdf"]) {
      expect((await get(`/uploads/credit-notes/${name}`, { cookie })).status).toBe(404);
    }
  });

  it("open with a link signed for the note, and not with a tampered, expired or another document's link", async () => {
    const { order, notes } = await refundedOrder();
    const [first, second] = notes;
    const signed = signedDocumentPath({ kind: "credit-note", number: first.number });
    expect((await get(signed)).status).toBe(200);

    const url = new URL(signed, "http://localhost");
    const sig = url.searchParams.get("sig")!;
    const tampered = `${url.pathname}?expires=${url.searchParams.get("expires")}&sig=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    expect((await get(tampered)).status).toBe(403);
    const stretched = `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 1}&sig=${sig}`;
    expect((await get(stretched)).status).toBe(403);
    const expired = signedDocumentPath({ kind: "credit-note", number: first.number }, Date.now() - 400 * 86_400_000);
    expect((await get(expired)).status).toBe(403);

    // The note's signature on the other note, and on the order's invoice; the invoice's signature on the note.
    expect((await get(`/uploads/credit-notes/${second.number}.pdf${url.search}`)).status).toBe(403);
    expect((await get(`/uploads/invoices/${order.orderNumber}.pdf${url.search}`)).status).toBe(403);
    const invoiceQuery = new URL(signedInvoicePath(order.orderNumber), "http://localhost").search;
    expect((await get(`/uploads/invoices/${order.orderNumber}.pdf${invoiceQuery}`)).status).toBe(200);
    expect((await get(`/uploads/credit-notes/${first.number}.pdf${invoiceQuery}`)).status).toBe(403);
  });
});
