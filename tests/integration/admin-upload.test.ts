import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action } from "~/routes/api.upload";
import { getEnv } from "~/env.server";
import { adminCookie, request } from "../support/admin-requests";

const productsDir = () => path.join(getEnv().uploadsDir, "products");

function filesOnDisk(): Set<string> {
  return new Set(fs.existsSync(productsDir()) ? fs.readdirSync(productsDir()) : []);
}

async function post(cookie: string, file: Blob | null, fileName = "picture.png") {
  const form = new FormData();
  if (file) form.append("image", file, fileName);
  try {
    return await action({ request: request("/api/upload", { method: "POST", body: form, cookie }), params: {}, context: { cspNonce: "" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#e91e63" } }).png().toBuffer();

describe("POST /api/upload", () => {
  it("re-encodes a PNG to WebP under a name the server chooses, at the shop's sizes", async () => {
    const { cookie } = await adminCookie();
    const response = await post(cookie, new Blob([await png(1600, 1200)], { type: "image/png" }), "../../evil.php.png");
    expect(response.status).toBe(201);
    const { imageUrl } = (await response.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/uploads\/products\/[a-f0-9]{24}\.webp$/);
    const file = path.join(productsDir(), path.basename(imageUrl));
    const main = await sharp(file).metadata();
    expect(main.format).toBe("webp");
    expect(main.width).toBe(1000);
    const small = await sharp(file.replace(".webp", "-400.webp")).metadata();
    expect(small.width).toBe(400);
    // What a shared link shows: a JPEG 1,200 pixels wide, made from the upload itself (wider than the page's copy).
    const share = await sharp(file.replace(".webp", "-share.jpg")).metadata();
    expect([share.format, share.width, share.height]).toEqual(["jpeg", 1200, 900]);
  });

  it.each([
    ["an SVG", async () => new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" }), "x.svg", "Only JPEG, PNG or WebP"],
    ["text named .png", async () => new Blob(["just text, not a picture"], { type: "image/png" }), "x.png", "Only JPEG, PNG or WebP"],
    ["a GIF", async () => new Blob([Buffer.from("GIF89a\u0001\u0000\u0001\u0000")], { type: "image/gif" }), "x.gif", "Only JPEG, PNG or WebP"],
    ["more than 5 MB", async () => new Blob([new Uint8Array(5 * 1024 * 1024 + 10).fill(0xff)], { type: "image/jpeg" }), "x.jpg", "at most 5 MB"],
    ["wider than 4000 pixels", async () => new Blob([await png(4001, 10)], { type: "image/png" }), "x.png", "4000 × 4000"],
    ["a truncated PNG", async () => new Blob([(await png(50, 50)).subarray(0, 40)], { type: "image/png" }), "x.png", "could not be read"],
    ["no file at all", async () => null, "x.png", "choose an image"],
  ])("refuses %s with 400 and leaves nothing on disk", async (_name, makeFile, fileName, message) => {
    const { cookie } = await adminCookie();
    const before = filesOnDisk();
    const response = await post(cookie, await makeFile(), fileName);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    const added = [...filesOnDisk()].filter((file) => !before.has(file) && !file.endsWith(".tmp"));
    const temps = [...filesOnDisk()].filter((file) => file.endsWith(".tmp"));
    expect(added).toEqual([]);
    expect(temps).toEqual([]);
  });
});
