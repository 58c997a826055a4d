import type { AuditActor } from "~/models/shop/index.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { CategoryCreateSchema, CategoryEditSchema } from "~/shared/admin-schemas";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { categoryNameClash, createCategory, updateCategory } from "~/models/catalogue/index.server";
import { inLanguage } from "~/i18n/bilingual.server";
import { parseMultipart } from "~/utils/multipart.server";
import { saveUploadedImage, uploadMessage, UploadError } from "~/utils/uploads.server";

const CATEGORY_VIEW = "/admin/timsar/categories/view";

/**
 * Create and edit pages: names checked by the schema, the icon (required when creating) stored only once the
 * names are valid, so a refused form leaves no file behind.
 */
export async function categoryFormAction(request: Request, mode: "create" | "edit", categoryId?: string, actor?: AuditActor) {
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  let form: FormData;
  try {
    form = await parseMultipart(request);
  } catch (error) {
    if (error instanceof Response) {
      return data({ result: { status: "error" as const, error: { iconImage: [inLanguage(uploadMessage("size"), language)] } } }, { status: 400 });
    }
    throw error;
  }
  const file = form.get("iconImage");
  form.delete("iconImage");
  const submission = parseWithZod(form, { schema: mode === "create" ? CategoryCreateSchema : CategoryEditSchema });
  const hasFile = file instanceof Blob && file.size > 0;
  if (submission.status !== "success" || (mode === "create" && !hasFile)) {
    const iconErrors: Record<string, string[]> = mode === "create" && !hasFile ? { iconImage: [t("admin.validation.adminCategoryIconRequired")] } : {};
    return data({ result: submission.reply({ fieldErrors: iconErrors }) }, { status: 400 });
  }
  const clash = await categoryNameClash(submission.value, categoryId);
  if (clash) {
    const field = clash === "duplicateEn" ? "nameEn" : "nameAr";
    const message = t(clash === "duplicateEn" ? "admin.validation.adminCategoryNameTakenEn" : "admin.validation.adminCategoryNameTakenAr");
    return data({ result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status: 409 });
  }
  let iconImage: string | undefined;
  if (hasFile) {
    try {
      iconImage = await saveUploadedImage(file, "categories");
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      return data({ result: submission.reply({ fieldErrors: { iconImage: [inLanguage(error.userMessage, language)] } }) }, { status: 400 });
    }
  }
  // Post/Redirect/Get: the form's page again, whose toast then moves on to the category view (SPEC section 9).
  const here = currentPage(request);
  if (mode === "create") {
    await createCategory({ ...submission.value, iconImage: iconImage! }, actor);
    return redirectWithToast(here, { name: "categoryCreated", next: CATEGORY_VIEW });
  }
  const updated = await updateCategory(categoryId ?? "", { ...submission.value, iconImage }, actor);
  if (!updated) return data({ result: submission.reply({ formErrors: [t("admin.categories.updateFailed")] }) }, { status: 404 });
  return redirectWithToast(here, { name: "categoryUpdated", next: CATEGORY_VIEW });
}
