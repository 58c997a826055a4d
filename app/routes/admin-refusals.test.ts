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
