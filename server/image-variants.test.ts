/**
 * The smaller copies the storefront's pictures name (server/image-variants.ts), made on first request from the
 * picture beside them, against the real server.ts with an uploads folder of its own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../tests/support/test-server";

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "image-variants-"));

async function picture(file: string, width: number) {
  await sharp({ create: { width, height: width, channels: 3, background: "#e91e63" } }).webp().toFile(path.join(uploads, file));
}

describe("smaller copies of the shop's pictures", () => {
  const shop = useTestServer(6400, 300, { UPLOADS_DIR: uploads });

  beforeAll(async () => {
    fs.mkdirSync(path.join(uploads, "catalogue"), { recursive: true });
    fs.mkdirSync(path.join(uploads, "categories"), { recursive: true });
    await picture("catalogue/bow-main.webp", 800);
    await picture("categories/icon.webp", 160);
  });
  afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

  it("makes a card's 400-pixel copy and an icon's 64-pixel copy on first request, then serves the file", async () => {
    for (const [url, width] of [["/uploads/catalogue/bow-main-400.webp", 400], ["/uploads/categories/icon-64.webp", 64]] as const) {
      const first = await fetch(shop.base + url);
      expect(first.status, url).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/webp");
      expect(first.headers.get("cache-control")).toContain("immutable");
      const body = Buffer.from(await first.arrayBuffer());
      expect((await sharp(body).metadata()).width).toBe(width);
      expect(fs.existsSync(path.join(uploads, url.replace("/uploads/", "")))).toBe(true);
      const again = Buffer.from(await (await fetch(shop.base + url)).arrayBuffer());
      expect(again.equals(body)).toBe(true);
    }
    expect(fs.readdirSync(path.join(uploads, "catalogue")).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("makes a picture's JPEG share copy on first request, no wider than the picture it is made from", async () => {
    const url = "/uploads/catalogue/bow-main-share.jpg";
    const first = await fetch(shop.base + url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    const made = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([made.format, made.width]).toEqual(["jpeg", 800]);
    for (const refused of ["/uploads/catalogue/bow-main-share-share.jpg", "/uploads/catalogue/bow-main-400-share.jpg", "/uploads/catalogue/bow-main-share.webp", "/uploads/catalogue/bow-main-400.jpg"]) {
      expect((await fetch(shop.base + refused)).status, refused).toBe(404);
    }
    fs.rmSync(path.join(uploads, "catalogue/bow-main-share.jpg"));
  });

  it("answers 404 and writes nothing for a picture that does not exist, a copy of a copy, or a size it does not make", async () => {
    for (const url of ["/uploads/catalogue/nothing-400.webp", "/uploads/catalogue/bow-main-400-64.webp", "/uploads/catalogue/bow-main-300.webp", "/uploads/catalogue/..%2Fbow-main-400.webp"]) {
      expect((await fetch(shop.base + url)).status, url).toBe(404);
    }
    expect(fs.readdirSync(path.join(uploads, "catalogue")).sort()).toEqual(["bow-main-400.webp", "bow-main.webp"]);
  });
});
