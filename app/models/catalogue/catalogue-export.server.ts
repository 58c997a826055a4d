import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { SheetRow } from "./catalogue-sheet.server";

/** How long an export's stock is remembered: an older file's stock is imported as written, as before. */
const KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The export's id in its file's name. A spreadsheet program saving the file again keeps the name or adds to it
 * ("products-2026-12-03-0a1b2c3d4e5f - Sheet1.csv", "… (1).csv"), so the id is looked for anywhere in it.
 */
const EXPORT_NAME = /products-\d{4}-\d{2}-\d{2}-([0-9a-f]{12})(?![0-9a-f])/i;

/** The file name an export is sent under: its Kuwait day and the id its stock is remembered by. */
export function catalogueExportFileName(day: string, id: string): string {
  return `products-${day}-${id}.csv`;
}

/** Remembers the stock each exported row shows and answers the export's id; forgets exports older than 90 days. */
export async function recordCatalogueExport(rows: SheetRow[], now = new Date()): Promise<string> {
  const id = crypto.randomBytes(6).toString("hex");
  const stock = Object.fromEntries(rows.map((row) => [row.variant_id, row.stock]));
  await prisma.$transaction([
    prisma.catalogueExport.deleteMany({ where: { at: { lt: new Date(now.getTime() - KEPT_MS) } } }),
    prisma.catalogueExport.create({ data: { id, at: now, stock: JSON.stringify(stock) } }),
  ]);
  return id;
}

/** The stock each row of the export a file's name names showed (variant_id → text), or null when it names none kept. */
export async function exportedStockOf(fileName: string, now = new Date()): Promise<Map<string, string> | null> {
  const id = EXPORT_NAME.exec(fileName)?.[1]?.toLowerCase();
  if (!id) return null;
  const found = await prisma.catalogueExport.findUnique({ where: { id } });
  if (!found || now.getTime() - found.at.getTime() > KEPT_MS) return null;
  try {
    const stock = JSON.parse(found.stock) as Record<string, unknown>;
    return new Map(Object.entries(stock).flatMap(([variantId, shown]) => (typeof shown === "string" ? [[variantId, shown] as const] : [])));
  } catch {
    return null;
  }
}
