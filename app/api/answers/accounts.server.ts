import { findStaff, type StaffMember } from "~/models/accounts/index.server";

/** Staff members as the API and the staff page read them (CONTRACT.md "Staff and roles"). */

/** The JSON of a member: a member who has not yet set a password is `pending`. */
export function staffJson(member: StaffMember) {
  return {
    _id: member.id,
    email: member.email,
    role: member.role,
    disabled: member.disabledAt !== null,
    pending: !member.hasPassword,
    twoStep: member.totpEnabledAt !== null,
    createdAt: member.createdAt.toISOString(),
  };
}

/** Every member, oldest first, as `GET /api/admin/staff` answers and the owner's staff page lists them. */
export async function listStaff() {
  return (await findStaff()).map(staffJson);
}
