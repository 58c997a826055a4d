import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { listAuditEntries, auditQueryOf } from "~/models/shop/index.server";
import { AuditQuerySchema } from "~/shared/schemas.server";
import { jsonError } from "~/utils/api.server";
import { auditEntryJson } from "~/api/answers/shop.server";

/** GET /api/admin/audit?actor=&entityType=&entityId=&page= (owner): the activity log, newest first, 50 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "audit");
  const parsed = AuditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, bilingual("admin.api.invalidAuditQuery"));
  const { entries, page, pageCount } = await listAuditEntries(auditQueryOf(parsed.data));
  return Response.json({ entries: entries.map(auditEntryJson), page, pageCount }, { headers: { "Cache-Control": "no-store" } });
}
