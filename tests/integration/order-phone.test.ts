/**
 * CONTRACT.md "Phone numbers" through POST /api/orders: a phone typed with +965, spaces or Arabic-Indic digits is
 * stored as its 8 digits; a number that is not Kuwaiti is refused with SPEC's field error and no order is placed.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as orders from "~/routes/api.orders";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId } from "../factories/unique";
import { request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function placeWithPhone(phone: string) {
  const city = await createDeliveryArea(prisma);
  const product = await createProduct(prisma, { stockQuantity: 5 });
  const email = uniqueEmail();
  const json = {
    fullName: "Sara Ahmad",
    email,
    phone,
    buildingType: "Villa",
    address: { city, street: "Tunis", streetNumber: "4", block: "1", buildingNumber: "9" },
    items: [{ _id: product.id, quantity: 1, customTags: [] }],
  };
  const response = await runChecked(orders.action, request("/api/orders", { method: "POST", json }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
  return { response, email };
}

describe("POST /api/orders reads the phone as typed", () => {
  it.each([
    ["+965 5123 4567", "51234567"],
    ["00965 6123-4567", "61234567"],
    ["965 (9123) 4567", "91234567"],
    ["٩٩٨٨ ٧٧٦٦", "99887766"],
  ])("stores %j as %s", async (typed, stored) => {
    const { response, email } = await placeWithPhone(typed);
    expect(response.status).toBe(201);
    expect(await prisma.order.findFirstOrThrow({ where: { email }, select: { phone: true } })).toEqual({ phone: stored });
  });

  it.each([["+965 5123 456"], ["512345678"], ["41234567"], ["+965 5123 45678"]])("refuses %j with the field's message in both languages", async (typed) => {
    const { response, email } = await placeWithPhone(typed);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.phone).toEqual(["Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9). / يرجى إدخال رقم هاتف كويتي صحيح (٨ أرقام، يبدأ بـ ٥ أو ٦ أو ٩)."]);
    expect(await prisma.order.count({ where: { email } })).toBe(0);
  });
});
