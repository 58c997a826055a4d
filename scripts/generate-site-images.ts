// Draws the site's own pictures: the home hero (desktop and mobile), the logo mark, the favicon and the app icon.
// The outputs are committed under public/; run `npx tsx scripts/generate-site-images.ts` again only after
// changing a drawing. The hero reuses the catalogue drawings so the banner and the products look alike.
// No text is drawn: the shop name and the hero heading are HTML, so they follow the chosen language.

import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { drawItem, drawPencil, heartPath, seededRandom, starPath, type ItemKind } from "../prisma/seed-data/images";

const PUBLIC_DIR = path.resolve("public");

const SKY = "#7CC4EE";
const PINK = "#F28DB2";
const INDIGO = "#4152B3";
const NAVY = "#1F2B57";

/** The bow mark on a 64x64 grid, drawn by hand so it stays crisp at favicon sizes. */
function bowMark(): string {
  return (
    `<path d="M29.5 34 L22 53 L26.8 51.2 L29 56 L34.5 36Z" fill="#C9557F" stroke="#8E2F55" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M34.5 34 L42 53 L37.2 51.2 L35 56 L29.5 36Z" fill="#E56B9A" stroke="#8E2F55" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M32 31 C26 19 10 12 6.5 23 C3.5 34 17 40 32 31Z" fill="#EF86AE" stroke="#8E2F55" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<path d="M32 31 C38 19 54 12 57.5 23 C60.5 34 47 40 32 31Z" fill="#EF86AE" stroke="#8E2F55" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<path d="M11 22 C13 18 18 17.5 22 20" fill="none" stroke="#FFFFFF" stroke-width="2" stroke-linecap="round" opacity="0.75"/>` +
    `<path d="M42 20 C46 17.5 51 18 53 22" fill="none" stroke="#FFFFFF" stroke-width="2" stroke-linecap="round" opacity="0.75"/>` +
    `<rect x="27.5" y="25" width="9" height="13" rx="4" fill="#E56B9A" stroke="#8E2F55" stroke-width="1.8"/>`
  );
}

export function logoSvg(): string {
  // Cropped to the mark itself, so the header can size it by height without dead space around it.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="5 11 54 47" width="54" height="47">${bowMark()}</svg>\n`;
}

export function faviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="14" fill="#FFE4EE"/>` +
    `<g transform="translate(32 32) scale(0.92) translate(-32 -33)">${bowMark()}</g>` +
    `</svg>\n`
  );
}

function place(x: number, y: number, scale: number, rotate: number, body: string): string {
  return `<g transform="translate(${x},${y}) rotate(${rotate}) scale(${scale})">${body}</g>`;
}

function item(kind: ItemKind, color: string, x: number, y: number, scale: number, rotate = 0): string {
  return place(x, y, scale, rotate, drawItem(kind, color));
}

function cloud(x: number, y: number, scale: number): string {
  return place(
    x,
    y,
    scale,
    0,
    `<path d="M-120,30 C-150,30 -150,-20 -110,-20 C-110,-70 -30,-80 -10,-40 C10,-90 100,-80 100,-20 C150,-25 160,30 120,30Z" fill="#FFFFFF" opacity="0.85"/>`,
  );
}

/** Stars, hearts and dots scattered over the free parts of the banner. */
function confetti(width: number, height: number, count: number, seed: string, keepClear: Array<[number, number, number]>): string {
  const random = seededRandom(seed);
  const colors = ["#FFD25E", "#FFFFFF", PINK, SKY, "#B9A5F0"];
  let shapes = "";
  let placed = 0;
  for (let attempt = 0; attempt < count * 6 && placed < count; attempt++) {
    const x = 20 + random() * (width - 40);
    const y = 20 + random() * (height - 40);
    const kind = random();
    const color = colors[Math.floor(random() * colors.length)];
    const size = 10 + random() * 16;
    if (keepClear.some(([cx, cy, r]) => Math.hypot(x - cx, y - cy) < r)) continue;
    placed++;
    if (kind < 0.45) shapes += `<path d="${starPath(x, y, size, size * 0.45)}" fill="${color === "#FFFFFF" ? "#FFD25E" : color}" opacity="0.95"/>`;
    else if (kind < 0.7) shapes += `<path d="${heartPath(x, y, size * 1.6)}" fill="${PINK}" opacity="0.8"/>`;
    else shapes += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size / 2.4).toFixed(1)}" fill="${color}" opacity="0.85"/>`;
  }
  return shapes;
}

function background(width: number, height: number): string {
  return (
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#FFD6E5"/><stop offset="0.5" stop-color="#FDEAF2"/><stop offset="1" stop-color="#D4EBFC"/>` +
    `</linearGradient>` +
    `</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`
  );
}

function rainbow(cx: number, cy: number, radius: number): string {
  const bands = ["#FFC2D6", "#FFE3A3", "#C9EBD9", "#BFE0F7", "#D9CCF8"];
  return bands
    .map(
      (color, i) =>
        `<path d="M${cx - radius + i * 34},${cy} A${radius - i * 34},${radius - i * 34} 0 0,1 ${cx + radius - i * 34},${cy}" fill="none" stroke="${color}" stroke-width="34" opacity="0.75"/>`,
    )
    .join("");
}

export function heroDesktopSvg(): string {
  const width = 1600;
  const height = 600;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    background(width, height) +
    `<circle cx="120" cy="520" r="220" fill="#FFFFFF" opacity="0.35"/>` +
    `<circle cx="1480" cy="80" r="200" fill="#FFFFFF" opacity="0.35"/>` +
    rainbow(800, 560, 420) +
    cloud(250, 110, 0.9) +
    cloud(1330, 150, 0.75) +
    cloud(980, 70, 0.5) +
    `<path d="M0,540 C260,500 520,590 800,550 C1080,510 1340,590 1600,540 L1600,600 L0,600Z" fill="#FFFFFF" opacity="0.55"/>` +
    confetti(width, height, 46, "hero-desktop", [
      [800, 330, 260],
      [300, 350, 170],
      [1290, 350, 180],
      [560, 430, 110],
      [1060, 440, 110],
      [1460, 460, 110],
      [480, 320, 100],
    ]) +
    item("backpack", SKY, 300, 345, 0.62, -8) +
    place(470, 300, 0.62, 28, drawPencil("#FFD166", "#8A6B2E")) +
    place(520, 320, 0.58, 40, drawPencil("#F6A5C0", "#A8506F")) +
    item("scrunchie", PINK, 570, 455, 0.34, 0) +
    item("bow-tails", PINK, 800, 300, 0.95, 0) +
    item("snap-clips", SKY, 1050, 455, 0.32, 70) +
    item("headband-bow", INDIGO, 1100, 250, 0.42, 8) +
    item("water-bottle", PINK, 1300, 340, 0.55, 8) +
    item("pencil-case", NAVY, 1460, 470, 0.28, -10) +
    `</svg>`
  );
}

export function heroMobileSvg(): string {
  const size = 800;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    background(size, size) +
    `<circle cx="90" cy="720" r="200" fill="#FFFFFF" opacity="0.35"/>` +
    `<circle cx="720" cy="90" r="170" fill="#FFFFFF" opacity="0.35"/>` +
    rainbow(400, 470, 340) +
    cloud(160, 110, 0.7) +
    cloud(650, 170, 0.6) +
    `<path d="M0,730 C200,690 400,780 600,740 C700,720 760,730 800,740 L800,800 L0,800Z" fill="#FFFFFF" opacity="0.55"/>` +
    confetti(size, size, 34, "hero-mobile", [
      [400, 300, 250],
      [190, 580, 150],
      [610, 580, 140],
      [410, 600, 110],
    ]) +
    item("bow-tails", PINK, 400, 285, 0.9, 0) +
    item("backpack", SKY, 190, 585, 0.5, -8) +
    place(390, 600, 0.5, 25, drawPencil("#FFD166", "#8A6B2E")) +
    place(430, 610, 0.46, 38, drawPencil("#F6A5C0", "#A8506F")) +
    item("water-bottle", PINK, 620, 590, 0.46, 8) +
    `</svg>`
  );
}

/** The logo mark centred on a transparent square, as the header's 40-pixel box shows the SVG; drawn at twice the size, then reduced. */
function logoPicture(size: number): Promise<Buffer> {
  return sharp(Buffer.from(logoSvg()), { density: 72 * Math.ceil(size / 40) * 2 })
    .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ lossless: true })
    .toBuffer();
}

async function writeOutput(file: string, data: Buffer | string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

export async function generateSiteImages(publicDir = PUBLIC_DIR): Promise<string[]> {
  const images = path.join(publicDir, "images");
  const outputs: Array<[string, () => Promise<Buffer | string>]> = [
    [path.join(images, "hero-desktop.webp"), () => sharp(Buffer.from(heroDesktopSvg())).webp({ quality: 78 }).toBuffer()],
    [path.join(images, "hero-mobile.webp"), () => sharp(Buffer.from(heroMobileSvg())).webp({ quality: 78 }).toBuffer()],
    [path.join(images, "logo.svg"), async () => logoSvg()],
    // The header (through app.css) and the tab show pictures, not SVG: Chromium builds a whole SVG document (a
    // frame, a parse, a layout) on the page's main thread for each SVG image (decision 0036).
    ...[40, 80, 120].map((size): [string, () => Promise<Buffer>] => [path.join(images, `logo-${size}.webp`), () => logoPicture(size)]),
    [path.join(publicDir, "favicon.svg"), async () => faviconSvg()],
    [
      path.join(images, "icon-48.png"),
      () => sharp(Buffer.from(faviconSvg()), { density: 144 }).resize(48, 48).png({ compressionLevel: 9 }).toBuffer(),
    ],
    [
      path.join(images, "icon-192.png"),
      () => sharp(Buffer.from(faviconSvg()), { density: 288 }).resize(192, 192).png({ compressionLevel: 9 }).toBuffer(),
    ],
  ];
  await Promise.all(outputs.map(async ([file, render]) => writeOutput(file, await render())));
  return outputs.map(([file]) => path.relative(process.cwd(), file));
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  generateSiteImages()
    .then(async (files) => {
      const sizes = await Promise.all(files.map(async (file) => `${file} (${Math.round((await fs.stat(file)).size / 1024)} KB)`));
      process.stdout.write(`Wrote ${sizes.join(", ")}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(`Generating site images failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
