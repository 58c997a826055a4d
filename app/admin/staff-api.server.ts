import { bilingual } from "~/i18n/bilingual.server";
import { StaffError, type StaffErrorReason } from "~/models/accounts/index.server";
import { jsonError } from "~/utils/api.server";

/** The API's and the page's message for each refusal of a staff change. */
export const STAFF_ERROR_KEYS = {
  exists: "admin.api.staffExists",
  notFound: "admin.api.staffNotFound",
  lastOwner: "admin.api.lastOwner",
  adminEmail: "admin.staff.mainOwner",
  formerAdmin: "admin.api.formerAdminEmail",
  notActive: "admin.staff.passwordLinkNotActive",
  ownPassword: "admin.staff.passwordLinkMainOwner",
} as const satisfies Record<StaffErrorReason, string>;

/** Runs a staff change; a refusal becomes its JSON answer (404 or 409 `{ message }`), anything else is rethrown. */
export async function staffApiCall(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof StaffError)) throw error;
    return jsonError(error.status, bilingual(STAFF_ERROR_KEYS[error.reason]));
  }
}
