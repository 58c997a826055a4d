import { z } from "zod";

// The storefront routes' input schemas live in a server-only module: imported from a route file, zod (about
// 90 KB gzipped, and it trips the CSP with its eval probe) would land in the JavaScript every phone downloads.

export const ProductParamsSchema = z.object({ id: z.string().min(1).max(64) });

