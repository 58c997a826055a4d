import * as z from "./zod";

/**
 * The products page's spreadsheet forms (issue 49): the import's preview and confirmation, and the list's bulk change,
 * whose preview is the import's (docs/decisions/0092-catalogue-spreadsheet.md).
 */
export const CatalogueImportSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview"), file: z.instanceof(File, { message: "admin.sheet.fileMissing" }) }),
  z.object({
    intent: z.literal("confirm"),
    /**
     * the file's text as the preview read it, gzipped and in base64 (a form field's value is not carried byte for byte: a
     * leading byte-order mark is dropped and line breaks inside a cell become CR LF), sealed by `seal`
     */
    text: z.string().max(8_000_000).regex(/^[A-Za-z0-9+/]*={0,2}$/),
    seal: z.string().max(2_000),
    /** what the preview showed, so a catalogue changed since then is shown again before anything is written */
    planDigest: z.string().max(200),
  }),
  z.object({
    intent: z.literal("bulk"),
    /** products ticked whole, and variants ticked one by one; at least one of either (checked by the action) */
    productIds: z.array(z.string().max(64)).max(5_000).optional(),
    variantIds: z.array(z.string().max(64)).max(5_000).optional(),
    field: z.enum(["price", "stock"]),
    mode: z.enum(["percent", "amount"]),
    value: z.string().trim().regex(/^[-+]?[0-9\u0660-\u0669\u06F0-\u06F9]+([.,\u066B][0-9\u0660-\u0669\u06F0-\u06F9]{1,3})?$/, "admin.sheet.bulkInvalid"),
  }),
]);

export type BulkChange = { field: "price" | "stock"; mode: "percent" | "amount"; value: string };
