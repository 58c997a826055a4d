import { z } from "zod";
import { westernDigits } from "~/shared/typed-digits";

// The storefront routes' input schemas live in a server-only module: imported from a route file, zod (about
// 90 KB gzipped, and it trips the CSP with its eval probe) would land in the JavaScript every phone downloads.

export const ProductParamsSchema = z.object({ id: z.string().min(1).max(64) });

const LineId = z.string().min(1).max(32);

export const CartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["add", "buy"]),
    productId: z.string().min(1).max(64),
    source: z.enum(["card", "product"]).default("product"),
    /** the chosen variant of a product with options (issue 31); blank: none chosen */
    variantId: z.string().max(64).optional(),
    tags: z.array(z.string().max(200)).max(10),
  }),
  z.object({ intent: z.literal("quantity"), lineId: LineId, quantity: z.preprocess((value) => (typeof value === "string" ? westernDigits(value) : value), z.coerce.number().int()) }),
  z.object({ intent: z.literal("remove"), lineId: LineId }),
  z.object({ intent: z.literal("clear") }),
]);
