import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { adminCookie, customerToken, request } from "../../tests/support/admin-requests";
import { createOrder } from "../../tests/factories/order";
import { loader } from "./uploads.invoices.$file";
import { loader as invoiceByIdLoader } from "./invoice.$orderId";

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

describe("refusals of invoice files and of /invoice/{orderId}", () => {
  const open = (path: string, headers: Record<string, string>) => {
    const file = path.split("/").pop() as string;
    const web = request(path, { headers });
    return path.startsWith("/invoice/")
      ? invoiceByIdLoader({ request: web, params: { orderId: file }, context: { cspNonce: "" } })
      : loader({ request: web, params: { file }, context: { cspNonce: "" } });
  };

  it("answer an HTTP client in the language the request names, and in both without one", async () => {
    const order = await createOrder(prisma, { paymentStatus: "paid" });
    const privateInvoice = `/uploads/invoices/${order.orderNumber}.pdf`;
    const english = await open(privateInvoice, { Cookie: "lang=en" });
    expect(english.status).toBe(403);
    expect(await english.json()).toEqual({ message: "This invoice is private." });
    const arabic = await open("/uploads/invoices/ORD-0000000000.pdf", { "Accept-Language": "ar" });
    expect(arabic.status).toBe(404);
    expect(((await arabic.json()) as { message: string }).message).not.toMatch(/[A-Za-z]/);
    expect(((await (await open(`/invoice/${order.id}`, { Cookie: "lang=en" })).json()) as { message: string }).message).toBe("This invoice is private.");
    expect(((await (await open(privateInvoice, {})).json()) as { message: string }).message).toMatch(/^This invoice is private\. \/ /);
  });

  it("give a browser the shop's error page in its language, with the same status", async () => {
    const order = await createOrder(prisma, { paymentStatus: "paid" });
    const browser = { Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" };
    const english = await open(`/invoice/${order.id}`, { ...browser, Cookie: "lang=en" });
    expect(english.status).toBe(403);
    expect(english.headers.get("Content-Type")).toMatch(/^text\/html/);
    const page = await english.text();
    expect(page).toContain('<html lang="en" dir="ltr">');
    expect(page).toContain("This invoice is private.");
    expect(page).not.toMatch(/[\u0600-\u06FF]/);
    const arabic = await open("/uploads/invoices/ORD-0000000000.pdf", { ...browser, "Accept-Language": "ar" });
    expect(arabic.status).toBe(404);
    expect(await arabic.text()).toContain('<html lang="ar" dir="rtl">');
  });
});
