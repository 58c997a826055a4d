import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { adminCookie, customerToken, request } from "../../tests/support/admin-requests";
import { createOrder } from "../../tests/factories/order";
import { loader } from "./uploads.invoices.$file";

function invoiceRequest(orderNumber: string, auth: { cookie?: string; token?: string } = {}) {
  const path = `/uploads/invoices/${orderNumber}.pdf`;
  return loader({ request: request(path, auth), params: { file: `${orderNumber}.pdf` }, context: { cspNonce: "" } });
}

async function status(promise: Promise<Response>) {
  try {
    return (await promise).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("invoice PDFs and the administrator", () => {
  it("open for the admin session, not for a stranger or another shopper", async () => {
    const order = await createOrder(prisma, { paymentStatus: "paid" });
    const { cookie } = await adminCookie();
    const admin = await invoiceRequest(order.orderNumber, { cookie });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("Content-Type")).toBe("application/pdf");
    expect(await status(invoiceRequest(order.orderNumber))).toBe(403);
    expect(await status(invoiceRequest(order.orderNumber, { token: await customerToken() }))).toBe(403);
  });
});
