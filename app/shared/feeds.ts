import * as z from "./zod";

/** A product feed's query (CONTRACT.md "Product feeds"): `?lang=ar|en`, Arabic when left out. */
export const FeedQuerySchema = z.object({ lang: z.enum(["ar", "en"]).default("ar") });
