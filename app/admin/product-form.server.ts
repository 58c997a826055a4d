import type { AuditActor } from "~/models/shop/index.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { productFormSchema, productInputFromForm, type ProductFormMode } from "~/shared/admin-schemas";
import { inLanguage } from "~/i18n/bilingual.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { createProduct, updateProduct } from "~/models/catalogue/index.server";
import { parseMultipart } from "~/utils/multipart.server";
import { saveUploadedImage, uploadMessage, UploadError } from "~/utils/uploads.server";
import { gridFromForm, keyGridRows } from "./variant-grid.server";

function imagesOf(form: FormData): string[] {
  return [...form.entries()]
    .filter(([key, value]) => /^images\[\d+\]$/.test(key) && typeof value === "string" && value)
    .sort(([a], [b]) => Number(a.slice(7, -1)) - Number(b.slice(7, -1)))
    .map(([, value]) => value as string);
}

/**
 * The product page's action for both create and edit. Besides "save", the form posts "upload",
 * "remove-image:URL" and "main-image:URL" so the pictures can be managed without JavaScript; those re-show the
 * form with what was typed and without complaining about fields the admin has not reached yet.
 */
export async function productFormAction(request: Request, mode: ProductFormMode, productId?: string, actor?: AuditActor) {
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  let form: FormData;
  try {
    form = await parseMultipart(request);
  } catch (error) {
    if (error instanceof Response) return data({ uploadError: inLanguage(uploadMessage("size"), language) }, { status: 400 });
    throw error;
  }
  const intent = String(form.get("intent") ?? "save");
  let images = imagesOf(form);
  let uploadError: string | null = null;
  const file = form.get("imageFile");
  if (file instanceof Blob && file.size > 0) {
    try {
      images.push(await saveUploadedImage(file, "products"));
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      uploadError = inLanguage(error.userMessage, language);
    }
  }
  if (intent.startsWith("remove-image:")) images = images.filter((url) => url !== intent.slice("remove-image:".length));
  if (intent.startsWith("main-image:")) {
    const main = intent.slice("main-image:".length);
    images = [main, ...images.filter((url) => url !== main)];
  }
  images = [...new Set(images)];
  for (const key of [...form.keys()]) if (/^images\[\d+\]$/.test(key) || key === "imageFile" || key === "intent") form.delete(key);
  images.forEach((url, index) => form.set(`images[${index}]`, url));
  // "Make the grid" (issue 31) re-shows the form with a row per combination of the options as typed.
  const variants = intent === "variants" ? gridFromForm(form) : undefined;
  keyGridRows(form);

  const submission = parseWithZod(form, { schema: productFormSchema(mode) });
  if (intent !== "save" || uploadError) {
    const reply = submission.reply();
    return data({ result: { ...reply, status: undefined, error: {} }, images, uploadError, variants }, { status: uploadError ? 400 : 200 });
  }
  if (submission.status !== "success") return data({ result: submission.reply(), images }, { status: 400 });
  const input = productInputFromForm(submission.value);
  const result = mode === "create" ? await createProduct(input, actor) : await updateProduct(productId ?? "", input, actor);
  if (!result.ok && result.reason === "belowHeld") {
    const message = t("admin.products.belowHeld", { count: result.heldQuantity });
    return data({ result: submission.reply({ fieldErrors: { stockQuantity: [message] } }), images }, { status: 409 });
  }
  if (!result.ok && result.reason === "skuTaken") {
    const message = t("admin.products.skuTaken", { sku: result.sku });
    return data({ result: submission.reply({ fieldErrors: { [`variants[${result.index}].sku`]: [message] } }), images }, { status: 409 });
  }
  if (!result.ok) {
    const message = result.reason === "notFound" ? t("admin.products.notFound") : t("admin.validation.adminCategoryRequired");
    const failed = mode === "create" ? t("admin.products.createFailed") : t("admin.products.updateFailed");
    return data({ result: submission.reply({ formErrors: [`${failed} ${message}`] }), images }, { status: 400 });
  }
  // Post/Redirect/Get: the form's page again, whose toast then moves on to the products hub (SPEC section 9).
  return redirectWithToast(currentPage(request), { name: mode === "create" ? "productCreated" : "productUpdated", next: "/admin/timsar/products" });
}
