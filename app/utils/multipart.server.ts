import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { MAX_UPLOAD_BYTES, uploadMessage } from "~/utils/uploads.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { readFormData } from "~/utils/form-data.server";

/**
 * Parses a multipart body in memory, refusing any part over the upload limit (plus a little room) without
 * reading the rest. `onTooLarge` builds the answer: JSON for the API, a page message for forms.
 */
export async function parseMultipart(request: Request, onTooLarge: () => Response = () => jsonError(400, uploadMessage("size"))) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) return readFormData(request);
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES + 1 }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw onTooLarge();
    throw jsonError(400, bilingual("api.formUnreadable"));
  }
}
