import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader } from "~/routes/api.admin.users.phones";
import { loader as byPhoneLoader } from "~/routes/api.admin.users.orders.by-phone.$phone";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { uniqueEmail, uniqueName, uniquePhone } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";

type Phone = { phone: string; fullName: string; email: string; orderCount: number; lastOrderAt: string | null };

async function phonesAnswer(query = "") {
  const { cookie } = await adminCookie();
  const response = await loader({ request: request(`/api/admin/users/phones${query}`, { cookie }), params: {}, context: { cspNonce: "" } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { phones: Phone[] }).phones;
}

describe("GET /api/admin/users/phones", () => {
  it("lists registered phones by their last paid order, phones without one last, on either engine", async () => {
    const [recent, older, never] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const names = new Map<string, { fullName: string; email: string }>();
    for (const phone of [never, older, recent]) {
      const customer = await createCustomer(prisma, { phone, fullName: uniqueName("Shopper") });
      names.set(phone, { fullName: customer.fullName ?? "", email: customer.email });
    }
    await createOrder(prisma, { phone: recent, createdAt: new Date("2026-05-01T08:00:00Z") });
    await createOrder(prisma, { phone: recent, createdAt: new Date("2026-05-03T08:00:00Z") });
    await createOrder(prisma, { phone: recent, paymentStatus: "unpaid", createdAt: new Date("2026-05-09T08:00:00Z") });
    await createOrder(prisma, { phone: older, createdAt: new Date("2026-04-01T08:00:00Z") });
    await createOrder(prisma, { phone: never, paymentStatus: "failed" });

    const phones = await phonesAnswer();
    const ours = phones.filter((row) => [recent, older, never].includes(row.phone));
    expect(ours).toEqual([
      { phone: recent, ...names.get(recent), orderCount: 2, lastOrderAt: "2026-05-03T08:00:00.000Z" },
      { phone: older, ...names.get(older), orderCount: 1, lastOrderAt: "2026-04-01T08:00:00.000Z" },
      { phone: never, ...names.get(never), orderCount: 0, lastOrderAt: null },
    ]);
    // Every phone without a paid order comes after every phone with one.
    const firstWithout = phones.findIndex((row) => row.lastOrderAt === null);
    expect(phones.slice(firstWithout).every((row) => row.lastOrderAt === null)).toBe(true);
  });

  it("searches by phone (as typed, Arabic digits too), name or e-mail, without regard to case, on either engine", async () => {
    const phone = uniquePhone();
    const fullName = uniqueName("Noura Al-Sabah");
    const email = uniqueEmail().replace("@", "_Gift@");
    await createCustomer(prisma, { phone, fullName, email });
    const other = await createCustomer(prisma, { fullName: uniqueName("Someone Else") });
    await createOrder(prisma, { phone, createdAt: new Date("2026-06-01T08:00:00Z") });

    const arabicDigits = phone.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    for (const search of [phone, `+965 ${phone.slice(0, 4)} ${phone.slice(4)}`, arabicDigits, fullName.toUpperCase(), email.toLowerCase()]) {
      const found = await phonesAnswer(`?search=${encodeURIComponent(search)}`);
      expect(found, search).toEqual([{ phone, fullName, email, orderCount: 1, lastOrderAt: "2026-06-01T08:00:00.000Z" }]);
    }
    // A LIKE wildcard is only a character: "%" and "_" find nobody rather than everybody.
    expect(await phonesAnswer(`?search=${encodeURIComponent("%")}`)).toEqual([]);
    expect((await phonesAnswer(`?search=${encodeURIComponent("_")}`)).map((row) => row.phone)).not.toContain(other.phone);
  });
});

describe("GET /api/admin/users/orders/by-phone/{phone}", () => {
  it("answers SPEC's phone error for what is not a Kuwaiti phone, and reads +965, 00965 and Arabic-Indic digits", async () => {
    const { cookie } = await adminCookie();
    const phone = uniquePhone();
    await createOrder(prisma, { phone });
    const byPhone = async (typed: string) => {
      const path = `/api/admin/users/orders/by-phone/${encodeURIComponent(typed)}`;
      const response = await byPhoneLoader({ request: request(path, { cookie }), params: { phone: typed }, context: { cspNonce: "" } });
      return { status: response.status, body: (await response.json()) as { orders?: unknown[]; message?: string; fieldErrors?: Record<string, string[]> } };
    };
    const refused = await byPhone("5512");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Please enter a valid Kuwaiti phone number \(8 digits, starts with 5, 6, or 9\)\. \/ /);
    expect(refused.body.fieldErrors).toEqual({ phone: [refused.body.message] });
    const arabicIndic = phone.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    for (const typed of [phone, `+965${phone}`, `00965${phone}`, arabicIndic]) {
      const found = await byPhone(typed);
      expect([typed, found.status, found.body.orders?.length]).toEqual([typed, 200, 1]);
    }
  });
});
