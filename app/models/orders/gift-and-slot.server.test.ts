import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { CheckoutSchema } from "~/shared/checkout-schema";
import type { DeliverySlotsBody } from "~/shared/delivery-slots";
import { getDeliverySlotSettings, saveDeliverySlotSettings, saveShopSettings } from "~/models/shop/index.server";
import { confirmPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { getSalesReport } from "~/models/reports/index.server";
import { todayInKuwait } from "~/shared/admin-dates";
import { deliveryDateText } from "~/shared/delivery-date";
import { drawMail } from "~/models/jobs/index.server";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail } from "../../../tests/factories/unique";
import { listDeliverySlots } from "./delivery-slot.server";
import { getInvoicePdf } from "./invoice.server";
import { placeOrder, type PlaceOrderInput } from "./order.server";

/**
 * Issue 48: a gift's note, wrapping and recipient; delivery windows with a capacity, closed dates and the cut-offs,
 * in Kuwait time whatever the server's zone. Every clock here is given (`now`), as placing takes it.
 */
const OWNER = { id: "owner-of-slots", email: "owner@example.com", role: "owner" };
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

async function setWindows(body: Partial<DeliverySlotsBody>) {
  await saveDeliverySlotSettings({ windows: [], sameDayCutoff: null, closedDates: [], ...body }, OWNER);
  return (await getDeliverySlotSettings()).windows;
}

// Windows and wrapping are the shop's: a later test file of this worker places orders without them.
afterEach(async () => {
  await saveDeliverySlotSettings({ windows: [], sameDayCutoff: null, closedDates: [] }, OWNER);
  await saveShopSettings({ giftWrapFils: null });
});

async function cart(stockQuantity = 50) {
  const city = await createDeliveryArea(prisma, 1500);
  const product = await createProduct(prisma, { nameEn: "Gift Clip", nameAr: "مشبك هدية", priceFils: 4000, stockQuantity });
  return (overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    details: checkoutDetails(city, { email: uniqueEmail("gift") }),
    lines: [{ productId: product.id, quantity: 1, customTags: [] }],
    customerId: null,
    language: "ar",
    ...overrides,
  });
}

async function pdfText(pdf: Buffer, name: string) {
  const file = path.join(os.tmpdir(), `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

describe("a gift", () => {
  it("adds the owner's wrapping as a line of its own and keeps the note and the recipient; the invoice shows the wrapping, not the note", async () => {
    await saveShopSettings({ giftWrapFils: 750 });
    const order = await cart();
    const gift = { note: "كل عام وأنتِ بخير يا نورة 🎀", wrap: true, recipientName: "نورة", recipientPhone: "99887766" };
    const placed = await placeOrderAndStartPayment(order({ gift }));
    const row = await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } });
    expect(row).toMatchObject({ subtotalFils: 4000, deliveryFeeFils: 1500, giftWrapFils: 750, totalFils: 6250, isGift: true, giftWrap: true });
    expect(row).toMatchObject({ giftNote: gift.note, giftRecipientName: "نورة", giftRecipientPhone: "99887766", phone: "60000000" });

    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    expect(payment.amountFils).toBe(6250);
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    const text = await pdfText((await getInvoicePdf(row.orderNumber))!, row.orderNumber);
    for (const expected of ["Gift wrapping: 0.75 KD", "تغليف الهدية", "6.25 KD"]) expect(text).toContain(expected);
    expect(text).not.toContain("نورة");

    // The sales report's own line: products − discount − exchange credit + delivery + wrapping = total.
    const today = todayInKuwait();
    const { rangeSummary: sums } = await getSalesReport(today, today);
    expect(sums.giftWrapFils).toBeGreaterThanOrEqual(750);
    expect(sums.productsFils - sums.discountFils - sums.exchangeCreditFils + sums.deliveryFils + sums.giftWrapFils).toBe(sums.totalFils);
  });

  it("refuses wrapping while the owner offers none, and places nothing", async () => {
    const order = await cart();
    const before = await prisma.order.count();
    await expect(placeOrder(order({ gift: { wrap: true } }))).rejects.toMatchObject({ code: "giftWrapUnavailable", status: 400 });
    expect(await prisma.order.count()).toBe(before);
    const plain = await placeOrder(order({ gift: { note: "Happy birthday" } }));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: plain.id } })).toMatchObject({ totalFils: 5500, giftWrapFils: 0, giftNote: "Happy birthday" });
  });

  it("counts the note's characters as typed: 200 Arabic letters or emoji pass, 201 do not", () => {
    const form = (giftNote: string) => CheckoutSchema.safeParse({ ...checkoutDetails("Hawalli"), isGift: true, giftNote });
    expect(form("🎀".repeat(200)).success).toBe(true);
    expect(form("ب".repeat(200)).success).toBe(true);
    const refused = form("🎀".repeat(201));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["giftNote"], message: "checkoutGift.noteTooLong" });
  });
});

describe("delivery windows", () => {
  // Tuesday 1 December 2026, 10:00 in Kuwait (07:00 UTC).
  const TUESDAY_10 = new Date("2026-12-01T07:00:00Z");

  it("ask for a window once the owner set one, and refuse a closed day or a weekday the window does not run", async () => {
    const order = await cart();
    const plain = await placeOrder(order(), TUESDAY_10);
    expect(plain.orderNumber).toMatch(/^ORD-/);
    const [window] = await setWindows({ windows: [{ from: "16:00", to: "19:00", capacity: 5, days: [0, 1, 2, 3, 4] }], closedDates: ["2026-12-02"] });
    await expect(placeOrder(order(), TUESDAY_10)).rejects.toMatchObject({ code: "deliverySlotRequired", status: 400 });
    await expect(placeOrder(order({ deliverySlot: { date: "2026-12-02", windowId: window.id } }), TUESDAY_10)).rejects.toMatchObject({ code: "deliverySlotClosed", status: 409 });
    // Friday 4 December: not one of the window's days.
    await expect(placeOrder(order({ deliverySlot: { date: "2026-12-04", windowId: window.id } }), TUESDAY_10)).rejects.toMatchObject({ code: "deliverySlotClosed" });
    await expect(placeOrder(order({ deliverySlot: { date: "2026-12-08", windowId: window.id } }), TUESDAY_10)).rejects.toMatchObject({ code: "deliverySlotClosed" });
    const placed = await placeOrder(order({ deliverySlot: { date: "2026-12-03", windowId: window.id } }), TUESDAY_10);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).toMatchObject({ deliveryDate: "2026-12-03", deliveryFrom: "16:00", deliveryTo: "19:00" });

    const days = await listDeliverySlots(TUESDAY_10);
    // Today, then tomorrow closed, Friday and Saturday not the window's: Tue, Thu, Sun, Mon.
    expect(days.map((day) => day.date)).toEqual(["2026-12-01", "2026-12-03", "2026-12-06", "2026-12-07"]);
    expect(days[1].windows).toEqual([{ id: window.id, from: "16:00", to: "19:00", available: 4 }]);
  });

  it("names the day and the window chosen on the paid invoice, the shopper's confirmation and the owner's copy (probe 9)", async () => {
    const order = await cart();
    const [window] = await setWindows({ windows: [{ from: "16:00", to: "20:00", capacity: 5, days: EVERY_DAY }] });
    const day = (await listDeliverySlots(new Date())).find((entry) => entry.windows.length > 0)!;
    const placed = await placeOrderAndStartPayment(order({ deliverySlot: { date: day.date, windowId: window.id } }));
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");

    const english = deliveryDateText(day.date, "en");
    const arabic = deliveryDateText(day.date, "ar");
    const invoice = await pdfText((await getInvoicePdf(placed.order.orderNumber))!, placed.order.orderNumber);
    // The row wraps in its half of the page: "…, 16:00 to" and "20:00" on the next line.
    expect(invoice).toMatch(new RegExp(`Delivery promised by: ${english}, 16:00 to[^\\n]*\\n[^\\n]*20:00`));
    expect(invoice).toContain("موعد التوصيل الموعود");
    for (const time of ["١٦:٠٠", "٢٠:٠٠"]) expect(invoice).toContain(time);

    const rows = await prisma.outboxMessage.findMany({ where: { orderId: placed.order.id, channel: "email" } });
    const shopper = (await drawMail(rows.find((row) => row.kind === "paid")!))!.mail;
    expect(shopper.text.replace(/[\u2066-\u2069]/g, "")).toContain(`نعدك بالتوصيل يوم ${arabic}، بين ١٦:٠٠ و٢٠:٠٠.`);
    const owner = (await drawMail(rows.find((row) => row.kind === "ownerPaid")!))!.mail;
    expect(owner.text).toContain(`Deliver on ${english}, between 16:00 and 20:00.`);
    expect(owner.text).toContain(`التوصيل يوم ${arabic}، بين ١٦:٠٠ و٢٠:٠٠.`);
  });

  it("names the promised day alone on the invoice and in the confirmation when the shop offers no windows", async () => {
    const order = await cart();
    const placed = await placeOrderAndStartPayment(order({ language: "en" }));
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    const { promisedBy } = await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id }, select: { promisedBy: true } });
    const invoice = await pdfText((await getInvoicePdf(placed.order.orderNumber))!, placed.order.orderNumber);
    expect(invoice).toContain(`Delivery promised by: ${deliveryDateText(promisedBy!, "en")}`);
    expect(invoice).not.toMatch(/Delivery promised by: [^\n]*\d\d:\d\d/);
    const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: placed.order.id, channel: "email", kind: "paid" } });
    expect((await drawMail(row))!.mail.text).toContain(`We promise delivery by ${deliveryDateText(promisedBy!, "en")}.`);
  });

  it("gives the last 2 places of a window to exactly 2 of 20 racing buyers", async () => {
    const order = await cart();
    const [window] = await setWindows({ windows: [{ from: "09:00", to: "12:00", capacity: 2, days: EVERY_DAY }] });
    const slot = { date: "2026-12-02", windowId: window.id };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => placeOrder(order({ deliverySlot: slot }), TUESDAY_10)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect(result.reason).toMatchObject({ code: "deliverySlotFull", status: 409 });
    }
    expect(await prisma.order.count({ where: { deliveryWindowId: window.id, deliveryDate: "2026-12-02" } })).toBe(2);
    const day = (await listDeliverySlots(TUESDAY_10)).find((entry) => entry.date === "2026-12-02");
    expect(day).toBeUndefined();
  });

  it("lists a day's windows earliest first, whatever order the owner added them in", async () => {
    await setWindows({
      windows: [
        { from: "16:00", to: "20:00", capacity: 5, days: EVERY_DAY },
        { from: "09:00", to: "12:00", capacity: 5, days: EVERY_DAY },
        { from: "05:00", to: "06:00", capacity: 5, days: EVERY_DAY },
      ],
    });
    const day = (await listDeliverySlots(TUESDAY_10)).find((entry) => entry.date === "2026-12-02");
    expect(day?.windows.map((window) => window.from)).toEqual(["05:00", "09:00", "16:00"]);
  });

  it("gives a place back when an unpaid order's hold ends", async () => {
    const order = await cart();
    const [window] = await setWindows({ windows: [{ from: "09:00", to: "12:00", capacity: 1, days: EVERY_DAY }] });
    const slot = { date: "2026-12-03", windowId: window.id };
    await placeOrder(order({ deliverySlot: slot }), TUESDAY_10);
    await expect(placeOrder(order({ deliverySlot: slot }), TUESDAY_10)).rejects.toMatchObject({ code: "deliverySlotFull" });
    const later = new Date(TUESDAY_10.getTime() + 60 * 60_000);
    expect((await listDeliverySlots(later)).find((day) => day.date === "2026-12-03")?.windows[0].available).toBe(1);
    await expect(placeOrder(order({ deliverySlot: slot }), later)).resolves.toMatchObject({ orderNumber: expect.stringMatching(/^ORD-/) });
  });

  it("turns the day at Kuwait's midnight (21:00 UTC), not at UTC's", async () => {
    const order = await cart();
    const [window] = await setWindows({ windows: [{ from: "09:00", to: "12:00", capacity: 5, days: EVERY_DAY }] });
    // 23:30 on Tuesday 1 December in Kuwait: Wednesday's window is tomorrow's; at 00:30 Kuwait (still Tuesday in UTC) Tuesday is gone.
    const beforeMidnight = new Date("2026-12-01T20:30:00Z");
    const afterMidnight = new Date("2026-12-01T21:30:00Z");
    expect((await listDeliverySlots(beforeMidnight)).map((day) => day.date)).toEqual(["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"]);
    expect((await listDeliverySlots(afterMidnight)).map((day) => day.date)).toEqual(["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"]);
    await expect(placeOrder(order({ deliverySlot: { date: "2026-12-08", windowId: window.id } }), beforeMidnight)).rejects.toMatchObject({ code: "deliverySlotClosed" });
    await expect(placeOrder(order({ deliverySlot: { date: "2026-12-08", windowId: window.id } }), afterMidnight)).resolves.toBeTruthy();
  });

  it("stops offering today's windows at the same-day cut-off, Kuwait time", async () => {
    const order = await cart();
    const [window] = await setWindows({ windows: [{ from: "16:00", to: "19:00", capacity: 5, days: EVERY_DAY }], sameDayCutoff: "12:00" });
    const today = { date: "2026-12-01", windowId: window.id };
    // 11:59 and 12:00 in Kuwait are 08:59 and 09:00 UTC: a server reading its own clock as Kuwait's would still offer it.
    const beforeCutoff = new Date("2026-12-01T08:59:00Z");
    const atCutoff = new Date("2026-12-01T09:00:00Z");
    expect((await listDeliverySlots(beforeCutoff))[0].date).toBe("2026-12-01");
    expect((await listDeliverySlots(atCutoff))[0].date).toBe("2026-12-02");
    await expect(placeOrder(order({ deliverySlot: today }), atCutoff)).rejects.toMatchObject({ code: "deliverySlotClosed", status: 409 });
    await expect(placeOrder(order({ deliverySlot: today }), beforeCutoff)).resolves.toBeTruthy();
  });
});
