import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { getEnv } from "~/env.server";
import { bilingual } from "~/i18n/bilingual.server";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS_PER_SIDE = 4000;

/**
 * What the storefront shows: the product page's main picture and the grid's card / thumbnail; and the picture a
 * shared link shows (Open Graph asks for 1,200 pixels wide, and JPEG is what every preview reads).
 */
type Size = { suffix: string; width: number; jpeg?: true };
const PRODUCT_SIZES: Size[] = [
  { suffix: "", width: 1000 },
  { suffix: "-400", width: 400 },
  { suffix: "-share", width: 1200, jpeg: true },
];
const ICON_SIZES: Size[] = [{ suffix: "", width: 160 }];
/** A buyer's photo with her review (issue 47): shown small under the review, opened at full size; never shared. */
const REVIEW_SIZES: Size[] = [
  { suffix: "", width: 1000 },
  { suffix: "-400", width: 400 },
];
const SIZES: Record<UploadKind, Size[]> = { products: PRODUCT_SIZES, categories: ICON_SIZES, reviews: REVIEW_SIZES };

export type UploadKind = "products" | "categories" | "reviews";

export class UploadError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/** Why an image was refused, in both languages like every API answer; the admin pages show their half. */
export function uploadMessage(problem: "missing" | "type" | "size" | "dimensions" | "unreadable"): string {
  return bilingual(`admin.upload.${problem}`);
}

/** The type as told by the file's first bytes; its name and declared type are never trusted. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export function uploadsDir(kind: UploadKind): string {
  return path.join(getEnv().uploadsDir, kind);
}

/**
 * Checks one image and re-encodes it to WebP at the sizes the shop shows, under a name chosen here.
 * Every output is decoded and written to a temporary name first and renamed at the end, so a refusal or a
 * failure leaves nothing behind. Answers the public URL of the largest size.
 */
export async function saveUploadedImage(file: Blob | null | undefined, kind: UploadKind = "products"): Promise<string> {
  if (!file || file.size === 0) throw new UploadError(uploadMessage("missing"));
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(uploadMessage("size"));
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) throw new UploadError(uploadMessage("type"));
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new UploadError(uploadMessage("unreadable"));
  }
  if (!metadata.width || !metadata.height) throw new UploadError(uploadMessage("unreadable"));
  if (metadata.width > MAX_UPLOAD_PIXELS_PER_SIDE || metadata.height > MAX_UPLOAD_PIXELS_PER_SIDE) {
    throw new UploadError(uploadMessage("dimensions"));
  }

  const sizes = SIZES[kind];
  const dir = uploadsDir(kind);
  await fs.mkdir(dir, { recursive: true });
  const name = crypto.randomBytes(12).toString("hex");
  const written: { temp: string; final: string }[] = [];
  try {
    for (const size of sizes) {
      const final = path.join(dir, `${name}${size.suffix}.${size.jpeg ? "jpg" : "webp"}`);
      const temp = `${final}.${process.pid}.tmp`;
      written.push({ temp, final });
      const pipeline = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS_PER_SIDE * MAX_UPLOAD_PIXELS_PER_SIDE })
        .rotate()
        .resize({ width: size.width, height: kind === "categories" ? size.width : undefined, fit: kind === "categories" ? "cover" : "inside", withoutEnlargement: true });
      await (size.jpeg ? pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }) : pipeline.webp({ quality: 82 })).toFile(temp);
    }
    for (const file of written) await fs.rename(file.temp, file.final);
  } catch {
    await Promise.all(written.flatMap((file) => [fs.rm(file.temp, { force: true }), fs.rm(file.final, { force: true })]));
    throw new UploadError(uploadMessage("unreadable"));
  }
  return `/uploads/${kind}/${name}.webp`;
}

/**
 * Removes every size of an image saved by `saveUploadedImage` whose use was then refused (a review the shop did not
 * take): nothing is left that no row names.
 */
export async function discardUploadedImage(url: string, kind: UploadKind): Promise<void> {
  const name = path.basename(url, ".webp");
  if (!/^[0-9a-f]{24}$/.test(name)) return;
  await Promise.all(SIZES[kind].map((size) => fs.rm(path.join(uploadsDir(kind), `${name}${size.suffix}.${size.jpeg ? "jpg" : "webp"}`), { force: true })));
}
