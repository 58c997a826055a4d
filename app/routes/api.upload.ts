import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { parseMultipart } from "~/utils/multipart.server";
import { saveUploadedImage, UploadError } from "~/utils/uploads.server";

/**
 * POST /api/upload (admin only), multipart field `image`: one JPEG, PNG or WebP, re-encoded to WebP under a
 * name the server chooses. Answers { imageUrl } for the product form to keep until the product is saved.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const form = await parseMultipart(request);
  const file = form.get("image");
  try {
    const imageUrl = await saveUploadedImage(file instanceof Blob ? file : null, "products");
    return Response.json({ imageUrl, message: bilingual("admin.upload.uploaded") }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return jsonError(400, error.userMessage, { image: [error.userMessage] });
    throw error;
  }
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
