import { bilingual } from "~/i18n/bilingual.server";
import { containsNul, jsonError, nulCharacterError } from "~/utils/api.server";

/**
 * A form's fields, for every action that reads a form. `request.formData()` throws a TypeError on a body that is not
 * a form (JSON, plain text, no body at all) or a multipart body that does not parse, and Remix answers a thrown
 * TypeError with a 500. Such a request is the client's mistake: 415 for the wrong type, 400 for a broken form, and
 * 400 for a field name, text or file name holding U+0000, which no field takes (`containsNul`).
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
    const isForm = type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");
    throw isForm ? jsonError(400, bilingual("api.formUnreadable")) : jsonError(415, bilingual("api.formExpected"));
  }
  for (const [name, value] of form.entries()) {
    if (containsNul(name) || containsNul(typeof value === "string" ? value : value.name)) throw nulCharacterError();
  }
  return form;
}
