import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import sharp from "sharp";

/**
 * The smaller copies of an image the storefront's `srcset`s name: `{name}-400.webp` for a product card (a 1,000 or
 * 800 pixel picture shown about 200 pixels wide on a phone) and `{name}-64.webp` for a category chip's 32-pixel icon;
 * and `{name}-share.jpg`, the picture a shared link shows (an upload makes its own from the original, up to 1,200
 * pixels wide; an older picture's is made from the picture as kept).
 * Uploads have made the 400 copy since issue 7, but the demo catalogue's pictures and the icons never had one, so a
 * missing copy is made here from its picture the first time it is asked for, written beside it (on the volume every
 * server shares, decision 0019) and served as a file from then on. A copy of a copy is refused, so a caller cannot
 * make files without end; a name with no picture falls through to the 404.
 */
const VARIANT = /^\/([A-Za-z0-9_-]+?)-(400|64)\.webp$|^\/([A-Za-z0-9_-]+?)-(share)\.jpg$/;
/** A shared link's picture (Open Graph): JPEG, which every preview reads, up to the width Facebook asks for. */
const SHARE_WIDTH = 1200;
const MAX_PIXELS = 4000 * 4000;

export function makeMissingVariants(dir: string) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const match = req.method === "GET" || req.method === "HEAD" ? VARIANT.exec(req.path) : null;
    const name = match ? (match[1] ?? match[3]) : undefined;
    const size = match ? (match[2] ?? match[4]) : undefined;
    if (!name || !size || /-(400|64|share)$/.test(name)) return next();
    const share = size === "share";
    const target = path.join(dir, share ? `${name}-share.jpg` : `${name}-${size}.webp`);
    const made = await fs.access(target).then(
      () => true,
      () => false,
    );
    if (made) return next();
    const temp = `${target}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    try {
      const resized = sharp(path.join(dir, `${name}.webp`), { limitInputPixels: MAX_PIXELS }).resize({
        width: share ? SHARE_WIDTH : Number(size),
        withoutEnlargement: true,
      });
      await (share ? resized.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }) : resized.webp({ quality: 80 })).toFile(temp);
      await fs.rename(temp, target);
    } catch {
      // No such picture, or not one sharp can read: the static files answer 404 as for any unknown name.
      await fs.rm(temp, { force: true });
    }
    next();
  };
}
