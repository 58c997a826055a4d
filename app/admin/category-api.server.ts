import { CategoryCreateSchema, CategoryEditSchema } from "~/shared/admin-schemas";
import { categoryNameClash } from "~/models/catalogue/index.server";
import { jsonError } from "~/utils/api.server";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import { parseMultipart } from "~/utils/multipart.server";
import { saveUploadedImage, UploadError } from "~/utils/uploads.server";

function parseName(value: FormDataEntryValue | null): { en?: unknown; ar?: unknown } {
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" ? (parsed as { en?: unknown; ar?: unknown }) : {};
  } catch {
    return {};
  }
}

/**
 * The API's category body: multipart `name` (JSON of en and ar) and, when creating, `iconImage`. A name another
 * category has (`categoryId` is the one being edited) is refused with 409 before the icon is stored.
 */
export async function readCategoryUpload(request: Request, mode: "create" | "edit", categoryId?: string) {
  const form = await parseMultipart(request);
  const name = parseName(form.get("name"));
  const nameEn = typeof name.en === "string" ? name.en : form.get("nameEn");
  const nameAr = typeof name.ar === "string" ? name.ar : form.get("nameAr");
  const schema = mode === "create" ? CategoryCreateSchema : CategoryEditSchema;
  const parsed = schema.safeParse({ nameEn: nameEn || undefined, nameAr: nameAr || undefined });
  if (!parsed.success) {
    const message = bilingual((parsed.error.issues[0]?.message ?? "admin.validation.adminCategoryNamesRequired") as MessageKey);
    throw jsonError(400, message, { name: [message] });
  }
  const clash = await categoryNameClash(parsed.data, categoryId);
  if (clash) {
    const message = bilingual(clash === "duplicateEn" ? "admin.validation.adminCategoryNameTakenEn" : "admin.validation.adminCategoryNameTakenAr");
    throw jsonError(409, message, { [clash === "duplicateEn" ? "name.en" : "name.ar"]: [message] });
  }
  const file = form.get("iconImage");
  const hasFile = file instanceof Blob && file.size > 0;
  if (mode === "create" && !hasFile) {
    const message = bilingual("admin.validation.adminCategoryIconRequired");
    throw jsonError(400, message, { iconImage: [message] });
  }
  let iconImage: string | null = null;
  if (hasFile) {
    try {
      iconImage = await saveUploadedImage(file, "categories");
    } catch (error) {
      if (error instanceof UploadError) throw jsonError(400, error.userMessage, { iconImage: [error.userMessage] });
      throw error;
    }
  }
  return { names: parsed.data, iconImage };
}
