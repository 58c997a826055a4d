import * as z from "./zod";

/**
 * The delivery areas page's forms: add an area, save one, or delete one. The fields' rules and their messages are
 * app/admin/delivery-area-input.server.ts's, shared with the API, which names the fields differently (CONTRACT.md).
 */
export const DeliveryAreaFormSchema = z.object({
  intent: z.enum(["create", "save", "delete"]),
  areaId: z.string().optional(),
  nameEn: z.string().optional(),
  nameAr: z.string().optional(),
  governorate: z.string().optional(),
  fee: z.string().optional(),
  isHidden: z.boolean().default(false),
});
