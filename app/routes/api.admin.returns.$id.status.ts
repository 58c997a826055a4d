import type { ActionFunctionArgs } from "@remix-run/node";
import { decide } from "~/admin/return-action.server";
import { ReturnStatusBodySchema } from "~/api/request-schemas.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual, bilingualFrom } from "~/i18n/bilingual.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { savedReturnJson } from "~/api/answers/returns.server";

/**
 * `PUT /api/admin/returns/{id}/status` `{ status, restock?, refundAmount?, note? }` (CONTRACT.md): the owner's
 * decision. 409 when the return's status does not lead there, a refund of it is under way (decision 0069), or the
 * refund would pass the items' price or what stays paid; 502 when the gateway refuses or does not answer (a retry settles the same refund).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "returns:decide");
  if (request.method !== "PUT" && request.method !== "PATCH") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = ReturnStatusBodySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    // Said under the field that is wrong: an amount as the refund's own message, anything else as the status's.
    if (parsed.error.issues.some((issue) => issue.path[0] === "refundAmount")) {
      const message = bilingual("admin.refund.invalidAmount");
      return jsonError(400, message, { refundAmount: [message] });
    }
    const message = bilingual("admin.returns.errors.invalid");
    return jsonError(400, message, { status: [message] });
  }
  const outcome = await decide(params.id ?? "", { ...parsed.data, restock: parsed.data.restock ?? false }, admin);
  if (!outcome.ok) return jsonError(outcome.status, bilingual(outcome.key));
  const saved = await savedReturnJson(outcome.id);
  return Response.json(
    { message: bilingualFrom((t) => t("admin.returns.saved", { status: t(`returns.statuses.${outcome.status}`) })), return: saved },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
