import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";

/**
 * The smaller copies of an image the storefront's `srcset`s name: `{name}-400.webp` for a product card (a 1,000 or
 * 800 pixel picture shown about 200 pixels wide on a phone) and `{name}-64.webp` for a category chip's 32-pixel icon.
 * Uploads have made the 400 copy since issue 7, but the demo catalogue's pictures and the icons never had one, so a
 * missing copy is made here from its picture the first time it is asked for, written beside it (on the volume every
 * server shares, decision 0019) and served as a file from then on. A copy of a copy is refused, so a caller cannot
 * make files without end; a name with no picture falls through to the 404.
 */
const VARIANT = /^\/([A-Za-z0-9_-]+?)-(400|64)\.webp$/;
const MAX_PIXELS = 4000 * 4000;

export function makeMissingVariants(dir: string) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const match = req.method === "GET" || req.method === "HEAD" ? VARIANT.exec(req.path) : null;
    if (!match || /-(400|64)$/.test(match[1])) return next();
    const [, name, width] = match;
    const target = path.join(dir, `${name}-${width}.webp`);
    const made = await fs.access(target).then(
      () => true,
      () => false,
    );
    if (made) return next();
    const temp = `${target}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    try {
      await sharp(path.join(dir, `${name}.webp`), { limitInputPixels: MAX_PIXELS })
        .resize({ width: Number(width), withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(temp);
      await fs.rename(temp, target);
    } catch {
      // No such picture, or not one sharp can read: the static files answer 404 as for any unknown name.
      await fs.rm(temp, { force: true });
    }
    next();
  };
}
