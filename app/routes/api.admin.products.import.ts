import type { ActionFunctionArgs } from "@remix-run/node";
import { applyCatalogueSheet } from "~/models/catalogue/index.server";
import { planImportText, readImportFile } from "~/admin/catalogue-import.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { sheetImportJson, sheetImportRefusedJson } from "~/api/answers/catalogue-sheet.server";
import { bilingual } from "~/i18n/bilingual.server";
import { jsonError } from "~/utils/api.server";
import { parseMultipart } from "~/utils/multipart.server";
import { MAX_UPLOAD_BYTES } from "~/utils/uploads.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/admin/products/import (multipart `file`; `?dryRun=1` only tells what would change): the whole file or
 * nothing, each bad cell named by its spreadsheet row and column.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dryRun") ?? "");
  // A file over the upload limit is a spreadsheet too large, not the image the shared parser's message names.
  const tooLarge = () => Response.json({ message: bilingual("admin.sheet.fileTooLarge", { limit: MAX_UPLOAD_BYTES / 1024 / 1024 }), errors: [] }, { status: 400, headers: NO_STORE });
  const file = await readImportFile((await parseMultipart(request, tooLarge)).get("file"));
  if (file === "missing" || file === "unreadable") {
    return Response.json({ message: bilingual(file === "missing" ? "admin.sheet.fileMissing" : "admin.sheet.fileUnreadable"), errors: [] }, { status: 400, headers: NO_STORE });
  }
  const planned = await planImportText(file.text, file.name);
  if (!planned.ok) return Response.json(sheetImportRefusedJson(planned.errors), { status: 400, headers: NO_STORE });
  if (dryRun) return Response.json(sheetImportJson(planned.plan), { headers: NO_STORE });
  const applied = await applyCatalogueSheet(planned.plan, { actor: admin, fileName: file.name });
  if (!applied.ok) return Response.json(sheetImportRefusedJson(applied.errors), { status: 400, headers: NO_STORE });
  return Response.json(sheetImportJson(applied), { headers: NO_STORE });
}
