/**
 * Refusals an outside probe of the admin pages found silent, misleading or in raw English (probe 3, sections 2, 9,
 * 10 and 12): each now says what is wrong, in the page's language, on the field or the page that was posted.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../tests/factories/category";
import { adminCookie } from "../../tests/support/admin-requests";
import { handlerAnswer } from "../../tests/support/handler-answer";
import { action as newCategoryPage } from "./admin.timsar.categories.new";
import { action as editCategoryPage } from "./admin.timsar.categories.edit.$id";
import { action as reviewsPage } from "./admin.timsar.reviews";
import { action as deliveryAreasPage } from "./admin.timsar.delivery-areas";
import { action as orderPage } from "./admin.timsar.orders.$orderId";
import { action as importPage } from "./admin.timsar.products.import";
import { loader as salesCsv } from "./admin.timsar.sales-report_.csv";
import { createOrder } from "../../tests/factories/order";
import { DeliverySlotsBodySchema, DeliverySlotsFormSchema, deliverySlotsBodyOf } from "~/shared/schemas.server";

type Handler = Parameters<typeof handlerAnswer>[0];
type Language = "ar" | "en";

function send(handler: Handler, path: string, body: FormData | URLSearchParams, language: Language, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: `${cookie}; lang=${language}` }, body });
  return handlerAnswer(handler, request, params, "10.9.9.7");
}

function categoryForm(nameEn: string, nameAr: string) {
  const form = new FormData();
  form.append("nameEn", nameEn);
  form.append("nameAr", nameAr);
  form.append("iconImage", new Blob([new Uint8Array(8)], { type: "image/png" }), "icon.png");
  return form;
}

const fieldErrors = (body: Record<string, unknown>) => (body.result as { error?: Record<string, string[]> }).error;

describe("the category pages", () => {
  it("refuse with 409 a name another category has, in English or Arabic, whatever its case or spaces", async () => {
    const { cookie } = await adminCookie("catalogue");
    const taken = await createCategory(prisma);
    const before = await prisma.category.count();
    const sameEn = await send(newCategoryPage, "/admin/timsar/categories/new", categoryForm(` ${taken.nameEn.toUpperCase().replace(" ", "  ")}`, "اسم جديد تماماً"), "ar", cookie);
    expect(sameEn.status).toBe(409);
    expect(fieldErrors(sameEn.body)).toEqual({ nameEn: ["يوجد تصنيف آخر بهذا الاسم."] });
    const sameAr = await send(newCategoryPage, "/admin/timsar/categories/new", categoryForm("A name of its own", taken.nameAr.replace(" ", "")), "en", cookie);
    expect(sameAr.status).toBe(409);
    expect(fieldErrors(sameAr.body)).toEqual({ nameAr: ["Another category already has this Arabic name."] });
    expect(await prisma.category.count()).toBe(before);

    const other = await createCategory(prisma);
    const edit = await send(editCategoryPage, `/admin/timsar/categories/edit/${other.id}`, categoryForm(other.nameEn, taken.nameAr), "en", cookie, { id: other.id });
    expect(edit.status).toBe(409);
    expect(await prisma.category.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ nameAr: other.nameAr });
  });

  it("say a too-long name is too long, with the limit", async () => {
    const { cookie } = await adminCookie("catalogue");
    const answer = await send(newCategoryPage, "/admin/timsar/categories/new", categoryForm("A".repeat(3000), "ب"), "ar", cookie);
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer.body)).toEqual({ nameEn: ["admin.validation.adminCategoryNameTooLong"] });
  });
});

describe("refusals that said nothing or said it in raw English", () => {
  it("a review status no button posts is refused in the page's words", async () => {
    const { cookie } = await adminCookie("catalogue");
    const body = new URLSearchParams({ intent: "status", ids: "no-such-review", status: "deleted" });
    expect(await send(reviewsPage, "/admin/timsar/reviews", body, "ar", cookie)).toEqual({ status: 400, body: { error: "اختر نشر التقييم أو إخفاءه." } });
  });

  it("a delivery area that is not there is said above the list, on save and on delete", async () => {
    const { cookie } = await adminCookie();
    const remove = await send(deliveryAreasPage, "/admin/timsar/delivery-areas", new URLSearchParams({ intent: "delete", areaId: "nope" }), "ar", cookie);
    expect(remove).toMatchObject({ status: 404, body: { pageError: "منطقة التوصيل غير موجودة." } });
    const save = new URLSearchParams({ intent: "save", areaId: "nope", nameEn: "Nowhere", nameAr: "لا مكان", governorate: "Hawalli", fee: "1" });
    expect(await send(deliveryAreasPage, "/admin/timsar/delivery-areas", save, "en", cookie)).toMatchObject({ status: 404, body: { pageError: "No such delivery area." } });
  });

  it("a refund post from the orders role gets the 403 page, whatever the form holds", async () => {
    const { cookie } = await adminCookie("orders");
    const order = await createOrder(prisma, { status: "delivered" });
    const request = new Request(`http://localhost/admin/timsar/orders/${order.id}`, {
      method: "POST",
      headers: { Cookie: `${cookie}; lang=ar` },
      body: new URLSearchParams({ intent: "refund" }),
    });
    const thrown = await Promise.resolve(orderPage({ request, params: { orderId: order.id }, context: { cspNonce: "", clientAddress: "10.9.9.7" } })).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("figures typed on an Arabic keyboard and the sales CSV", () => {
  it("a delivery window's capacity in Arabic-Indic digits is read as digits", () => {
    const form = DeliverySlotsFormSchema.parse({ windows: [{ from: "10:00", to: "١٤:٠٠", capacity: "١٢", days: ["0", "1"] }] });
    const body = DeliverySlotsBodySchema.safeParse(deliverySlotsBodyOf(form));
    expect(body.success && body.data.windows).toEqual([{ from: "10:00", to: "14:00", capacity: 12, days: [0, 1] }]);
  });

  it("the sales CSV with a start that is no date answers 400 with the page's message", async () => {
    const { cookie } = await adminCookie();
    const request = new Request("http://localhost/admin/timsar/sales-report/csv?dateFrom=garbage", { headers: { Cookie: `${cookie}; lang=ar` } });
    const answer = (await salesCsv({ request, params: {}, context: { cspNonce: "", clientAddress: "10.9.9.7" } })) as Response;
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe("يرجى إدخال تواريخ صحيحة.");
  });
});

describe("the catalogue import page", () => {
  it("tells a file over the upload limit that it is too large, on the page, in its language", async () => {
    const { cookie } = await adminCookie("catalogue");
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", new File(["x".repeat(5 * 1024 * 1024 + 10)], "products.csv", { type: "text/csv" }));
    const answer = await send(importPage, "/admin/timsar/products/import", form, "ar", cookie);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ stage: "refused", message: "الملف كبير جداً: الحد الأقصى لجدول البيانات ٥ ميغابايت." });
  });
});
