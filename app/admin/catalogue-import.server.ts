/**
 * The catalogue import shared by the products page and `POST /api/admin/products/import` (issue 49): the file read as
 * UTF-8 text, its rows planned against the catalogue, and, for the page without JavaScript, the file carried from
 * the preview to the confirmation in a signed hidden field (docs/decisions/0092-catalogue-spreadsheet.md).
 */
import crypto from "node:crypto";
import { exportedStockOf, planCatalogueSheet, sheetRowsFromRecords, type SheetPlanResult } from "~/models/catalogue/index.server";
import { getEnv } from "~/env.server";
import { localized, type Language } from "~/shared/language";
import { readCsv } from "~/utils/csv-read.server";

/** A preview may be confirmed within this time; after it the owner chooses the file again. */
const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;

/** The file's text, or null for one that is not UTF-8 (a spreadsheet saved in a legacy code page). */
export async function readImportFile(file: FormDataEntryValue | null): Promise<{ name: string; text: string } | "missing" | "unreadable"> {
  if (!file || typeof file === "string" || file.size === 0) return "missing";
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { name: "name" in file && typeof file.name === "string" ? file.name.slice(0, 120) : "", text };
  } catch {
    return "unreadable";
  }
}

/** The file's plan; `fileName`, as uploaded, may name the export it came from, whose stock it then leaves alone. */
export async function planImportText(text: string, fileName = ""): Promise<SheetPlanResult> {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, errors: [{ row: read.row, column: null, problem: "unclosedQuote" }] };
  const rows = sheetRowsFromRecords(read.records);
  if (!rows.ok) return rows;
  return planCatalogueSheet(rows.rows, fileName ? await exportedStockOf(fileName) : null);
}

/**
 * Each row of a sheet by the product (and variant) it names, "Hair clip (Pink / Large)": a bulk change of the products
 * list has no file, so its refusals name what the owner selected rather than rows of a spreadsheet she never saw.
 */
export function sheetRowNames(text: string, language: Language): Map<number, string> {
  const read = readCsv(text);
  const rows = read.ok ? sheetRowsFromRecords(read.records) : null;
  if (!rows?.ok) return new Map();
  return new Map(
    rows.rows.map(({ row, cells }) => {
      const name = localized(language, { en: cells.name_en, ar: cells.name_ar });
      const values = [localized(language, { en: cells.option1_value_en, ar: cells.option1_value_ar }), localized(language, { en: cells.option2_value_en, ar: cells.option2_value_ar })].filter(Boolean);
      return [row, values.length ? `${name} (${values.join(" / ")})` : name];
    }),
  );
}

function sign(payload: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(payload).digest("base64url");
}

/** The seal the confirmation carries: who previewed which file (its digest) when, signed with the session secret. */
export function sealImport(adminId: string, name: string, text: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ adminId, name, digest: crypto.createHash("sha256").update(text).digest("base64url"), at: now })).toString("base64url");
  return `${payload}.${sign(payload, getEnv().sessionSecrets[0])}`;
}

/** The file's name when `seal` was made by this server for this member and this very text, within the hour. */
export function openImportSeal(seal: string, adminId: string, text: string, now = Date.now()): { name: string } | null {
  const [payload, signature] = seal.split(".");
  if (!payload || !signature) return null;
  const valid = getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString()) as { adminId?: string; name?: string; digest?: string; at?: number };
    const digest = crypto.createHash("sha256").update(text).digest("base64url");
    if (value.adminId !== adminId || value.digest !== digest || typeof value.at !== "number" || now - value.at > PREVIEW_LIFETIME_MS) return null;
    return { name: String(value.name ?? "") };
  } catch {
    return null;
  }
}
