import * as z from "./zod";
import { ADMIN_ROLES } from "./admin-roles";
import { isDateKey } from "./admin-dates";
import { AUDIT_ENTITY_TYPES } from "./audit-entities";

/** `POST /api/admin/staff` and the staff page's invitation form. */
export const StaffInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  role: z.enum(ADMIN_ROLES),
});

const staffId = z.string().trim().min(1).max(64);

/**
 * The staff page's forms, one per `intent`: invite, a member's role, disable or enable, turn their two-step off, mail
 * a new set-password link.
 */
export const StaffFormSchema = z.discriminatedUnion("intent", [
  StaffInviteSchema.extend({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("role"), id: staffId, role: z.enum(ADMIN_ROLES) }),
  z.object({ intent: z.literal("disable"), id: staffId }),
  z.object({ intent: z.literal("enable"), id: staffId }),
  z.object({ intent: z.literal("resetTwoStep"), id: staffId }),
  z.object({ intent: z.literal("passwordLink"), id: staffId }),
]);

/**
 * The two-step page's one form: turn it on (the code from the app) or off (a code or a recovery code), with the
 * member's password. Lengths only: a wrong or missing password or code has its own message from the action.
 */
export const TwoStepFormSchema = z.object({
  intent: z.enum(["enable", "disable"]),
  password: z.string().max(200).default(""),
  code: z.string().max(32).default(""),
});

/** `PUT /api/admin/staff/{id}`: a new role, disabled or enabled, or both. */
export const StaffUpdateSchema = z.object({ role: z.enum(ADMIN_ROLES).optional(), disabled: z.boolean().optional(), resetTwoStep: z.boolean().optional() });

/** The invitation link's page: the new password, as long as a shopper's. */
export const StaffPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string({ error: "admin.setPassword.passwordMin" }).min(8, "admin.setPassword.passwordMin").max(200),
});

/** `GET /api/admin/audit` and the activity log page's filter; dates are Kuwait days (YYYY-MM-DD). */
export const AuditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().trim().max(128).optional(),
  // A Kuwait day that exists, in the years isDateKey takes (year 0001 answered 500 on PostgreSQL).
  from: z.string().refine(isDateKey).optional(),
  to: z.string().refine(isDateKey).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number)
    .optional(),
});
