import { z } from "zod";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import type { DeliveryAreaInput } from "~/models/shop/index.server";
import { findGovernorate, GOVERNORATES } from "~/shared/governorates";
import { parseKDToFils } from "~/shared/money-input";

/**
 * What the owner gives for a delivery area, from the page's form (`nameEn`, `nameAr`, `governorate`, `fee`,
 * `isHidden`) or the API's JSON (CONTRACT.md: `name: { en, ar }`, `governorate: { en, ar }` or either name, `fee` in
 * KD, `isHidden`), read by one function so both refuse the same things with the same words.
 */

export type AreaField = "nameEn" | "nameAr" | "governorate" | "fee";
export type AreaInputParse = { ok: true; value: DeliveryAreaInput & { isHidden?: boolean } } | { ok: false; errors: Partial<Record<AreaField, MessageKey>> };

const MAX_NAME = 60;
const MAX_FEE_FILS = 100_000;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

export function readAreaInput(fields: { nameEn: unknown; nameAr: unknown; governorate: unknown; fee: unknown; isHidden?: unknown }): AreaInputParse {
  const errors: Partial<Record<AreaField, MessageKey>> = {};
  const nameEn = text(fields.nameEn).replace(/\s+/g, " ");
  const nameAr = text(fields.nameAr).replace(/\s+/g, " ");
  if (!nameEn || nameEn.length > MAX_NAME) errors.nameEn = "admin.deliveryAreas.validation.nameEnRequired";
  if (!nameAr || nameAr.length > MAX_NAME) errors.nameAr = "admin.deliveryAreas.validation.nameArRequired";
  const named = fields.governorate && typeof fields.governorate === "object" ? (fields.governorate as { en?: unknown; ar?: unknown }) : null;
  const governorate = named ? (findGovernorate(text(named.en)) ?? findGovernorate(text(named.ar))) : findGovernorate(text(fields.governorate));
  if (!governorate) errors.governorate = "admin.deliveryAreas.validation.governorateInvalid";
  const feeFils = typeof fields.fee === "number" ? (Number.isFinite(fields.fee) ? parseKDToFils(String(fields.fee)) : null) : parseKDToFils(text(fields.fee));
  if (feeFils === null || feeFils > MAX_FEE_FILS) errors.fee = "admin.deliveryAreas.validation.feeInvalid";
  if (!governorate || feeFils === null || Object.keys(errors).length > 0) return { ok: false, errors };
  const isHidden = typeof fields.isHidden === "boolean" ? fields.isHidden : undefined;
  return { ok: true, value: { nameEn, nameAr, governorate, feeFils, ...(isHidden === undefined ? {} : { isHidden }) } };
}

/** An API body as CONTRACT.md names it. */
export function readAreaBody(body: unknown): AreaInputParse {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const name = input.name && typeof input.name === "object" ? (input.name as { en?: unknown; ar?: unknown }) : {};
  return readAreaInput({ nameEn: name.en, nameAr: name.ar, governorate: input.governorate, fee: input.fee, isHidden: input.isHidden });
}

/** The 400 answer for a refused body: field errors under CONTRACT's names (`name.en`, `name.ar`, `governorate`, `fee`). */
export function areaBodyErrors(errors: Partial<Record<AreaField, MessageKey>>): { message: string; fieldErrors: Record<string, string[]> } {
  const apiName: Record<AreaField, string> = { nameEn: "name.en", nameAr: "name.ar", governorate: "governorate", fee: "fee" };
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, key] of Object.entries(errors) as [AreaField, MessageKey][]) fieldErrors[apiName[field]] = [bilingual(key)];
  return { message: bilingual("admin.deliveryAreas.validation.invalid"), fieldErrors };
}

/** The refusal of a name another area has, as a 409's message and field error. */
export function duplicateAreaError(reason: "duplicateEn" | "duplicateAr"): { message: string; fieldErrors: Record<string, string[]> } {
  const message = bilingual(`admin.deliveryAreas.validation.${reason}`);
  return { message, fieldErrors: { [reason === "duplicateEn" ? "name.en" : "name.ar"]: [message] } };
}

const bilingualName = z.object({ en: z.string(), ar: z.string() });

/** What POST and PUT take, for the OpenAPI document; the routes read it with `readAreaBody`. */
export const DeliveryAreaApiBody = z.object({
  name: bilingualName.describe("The area's name in English and Arabic, each at most 60 characters; unique (English without regard to case)"),
  governorate: z
    .union([bilingualName, z.string()])
    .describe(`One of Kuwait's governorates, by its names or either one: ${GOVERNORATES.map((governorate) => `${governorate.en} (${governorate.ar})`).join(", ")}`),
  fee: z.number().min(0).max(100).describe("The delivery fee in KD, up to 3 decimals; applies from the next order"),
  isHidden: z.boolean().optional().describe("PUT: true hides the area from the checkout, false offers it again; left out, unchanged (POST: offered)"),
});
