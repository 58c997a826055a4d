// Draws every catalogue picture in code (SVG) and converts it to WebP with sharp, so the repository carries
// no binary images and the seed needs no network. Items are drawn in local coordinates centred on 0,0 and
// roughly within ±270, then placed on an 800x800 canvas; the same drawings serve the category icons and
// the site's hero banner (scripts/generate-site-images.ts).

import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

export type ItemKind =
  | "bow"
  | "bow-tails"
  | "bow-pair"
  | "bow-pins"
  | "snap-clips"
  | "pearl-pins"
  | "claw-clip"
  | "headband"
  | "headband-padded"
  | "headband-knot"
  | "headband-bow"
  | "scrunchie"
  | "scrunchie-set"
  | "hair-ties"
  | "backpack"
  | "pencil-case"
  | "pencil-case-double"
  | "water-bottle"
  | "name-labels"
  | "lunch-box"
  | "lunch-bag";

export interface ItemArt {
  item: ItemKind;
  /** The item's main colour, `#rrggbb`. */
  color: string;
}

/** Where seeded pictures live on disk below the uploads folder, and the URL the server serves them at. */
export const CATALOGUE_SUBDIR = "catalogue";
export const CATALOGUE_URL_PREFIX = `/uploads/${CATALOGUE_SUBDIR}`;

/** The server serves this folder at `/uploads`. */
/** UPLOADS_DIR, the folder every server of the shop serves `/uploads` from (docs/decisions/0019-shared-files.md). */
export function defaultUploadsDir(): string {
  return path.resolve(process.env.UPLOADS_DIR || "data/uploads");
}

export function catalogueUrl(fileName: string): string {
  return `${CATALOGUE_URL_PREFIX}/${fileName}`;
}

// ---------------------------------------------------------------------------------------------------------
// Colours

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

export function mix(hex: string, other: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  return rgbToHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount) as [number, number, number]);
}

export interface Palette {
  base: string;
  /** Folds and shadows on the item. */
  dark: string;
  /** Outlines. */
  line: string;
  /** Shine. */
  light: string;
  /** A contrasting decoration colour (small bows, hearts, stars). */
  accent: string;
}

const PINK = "#F28DB2";

function isPinkish(hex: string): boolean {
  const [r, g, b] = hexToRgb(hex);
  return r > 200 && r - g > 50 && r - b > 20;
}

export function paletteFor(base: string): Palette {
  const [r, g, b] = hexToRgb(base);
  // Near-white items get a cool grey outline, otherwise they would vanish on a pastel background.
  if (r > 235 && g > 235 && b > 235) {
    return { base, dark: "#DCE2EC", line: "#A9B4C8", light: "#FFFFFF", accent: PINK };
  }
  return {
    base,
    dark: mix(base, "#000000", 0.18),
    line: mix(base, "#000000", 0.38),
    light: mix(base, "#FFFFFF", 0.5),
    accent: isPinkish(base) ? "#FFFFFF" : PINK,
  };
}

/** Soft backgrounds; each stays light enough for navy items and dark enough for white ones. */
export const PASTELS = ["#FFDDE9", "#DCEFFC", "#FFF0CC", "#E8E1FD", "#D9F4E6", "#FCE4D4"] as const;

// ---------------------------------------------------------------------------------------------------------
// Small shapes

/** A deterministic pseudo-random sequence, so a picture is the same on every machine and every run. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = Math.imul(state ^ (state >>> 15), 2246822507);
    state = Math.imul(state ^ (state >>> 13), 3266489909);
    state ^= state >>> 16;
    return (state >>> 0) / 4294967296;
  };
}

function n(value: number): string {
  return Number(value.toFixed(1)).toString();
}

export function starPath(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / points) * i - Math.PI / 2;
    parts.push(`${i === 0 ? "M" : "L"}${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return `${parts.join(" ")}Z`;
}

export function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 2;
  return (
    `M${n(cx)},${n(cy + s * 0.9)} C${n(cx - s * 1.6)},${n(cy - s * 0.1)} ${n(cx - s * 0.9)},${n(cy - s * 1.3)} ` +
    `${n(cx)},${n(cy - s * 0.45)} C${n(cx + s * 0.9)},${n(cy - s * 1.3)} ${n(cx + s * 1.6)},${n(cy - s * 0.1)} ` +
    `${n(cx)},${n(cy + s * 0.9)}Z`
  );
}

function circlePath(cx: number, cy: number, r: number): string {
  return `M${n(cx + r)},${n(cy)} A${r},${r} 0 1,0 ${n(cx - r)},${n(cy)} A${r},${r} 0 1,0 ${n(cx + r)},${n(cy)}Z`;
}

function place(x: number, y: number, scale: number, rotate: number, body: string): string {
  return `<g transform="translate(${n(x)},${n(y)}) rotate(${n(rotate)}) scale(${n(scale)})">${body}</g>`;
}

// ---------------------------------------------------------------------------------------------------------
// Items

function bow(p: Palette, options: { tails?: boolean; lace?: boolean } = {}): string {
  const loop = "M0,0 C-50,-115 -245,-180 -258,-45 C-270,72 -110,112 0,0Z";
  const tail = "M-22,22 C-58,98 -98,172 -138,246 L-86,228 L-60,272 C-28,192 2,112 14,34Z";
  const lace = options.lace
    ? `<path d="${loop}" fill="none" stroke="${p.line}" stroke-width="22" stroke-dasharray="0.1 20" stroke-linecap="round"/>`
    : "";
  const half =
    lace +
    `<path d="${loop}" fill="${p.base}" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M-14,-6 C-50,-44 -96,-56 -118,-22 C-96,6 -52,18 -14,6Z" fill="${p.dark}" opacity="0.8"/>` +
    `<path d="M-44,-30 C-94,-96 -196,-128 -214,-52" fill="none" stroke="${p.light}" stroke-width="16" stroke-linecap="round" opacity="0.75"/>` +
    `<path d="M-26,14 C-86,30 -160,46 -214,20" fill="none" stroke="${p.dark}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`;
  const tails = options.tails
    ? `<path d="${tail}" fill="${p.dark}" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>` +
      `<g transform="scale(-1,1)"><path d="${tail}" fill="${p.base}" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/></g>`
    : "";
  return (
    tails +
    half +
    `<g transform="scale(-1,1)">${half}</g>` +
    `<rect x="-46" y="-60" width="92" height="120" rx="36" fill="${p.base}" stroke="${p.line}" stroke-width="6"/>` +
    `<path d="M-22,-40 C-8,-10 -8,10 -22,40 M22,-40 C8,-10 8,10 22,40" fill="none" stroke="${p.dark}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M-30,-36 C-24,-48 -10,-52 4,-50" fill="none" stroke="${p.light}" stroke-width="9" stroke-linecap="round" opacity="0.8"/>`
  );
}

function snapClip(p: Palette): string {
  const outer = "M0,-215 C48,-215 62,-188 56,-150 L19,190 C15,217 -15,217 -19,190 L-56,-150 C-62,-188 -48,-215 0,-215Z";
  const hole = "M0,-168 C22,-168 29,-152 26,-134 L8,146 C6,158 -6,158 -8,146 L-26,-134 C-29,-152 -22,-168 0,-168Z";
  return (
    `<path d="${outer} ${hole}" fill="${p.base}" fill-rule="evenodd" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="${heartPath(0, -185, 26)}" fill="${p.accent}" stroke="${p.line}" stroke-width="3"/>` +
    `<path d="M-40,-140 L-14,150" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`
  );
}

function pencil(body: string, line: string): string {
  return (
    `<rect x="-22" y="-170" width="44" height="44" rx="12" fill="#F6A5C0" stroke="${line}" stroke-width="5"/>` +
    `<rect x="-24" y="-132" width="48" height="30" fill="#C9D1DC" stroke="${line}" stroke-width="5"/>` +
    `<rect x="-22" y="-102" width="44" height="230" fill="${body}" stroke="${line}" stroke-width="5"/>` +
    `<path d="M-8,-100 L-8,126" stroke="${mix(body, "#FFFFFF", 0.45)}" stroke-width="8"/>` +
    `<path d="M-22,128 L22,128 L0,196Z" fill="#F7D9B0" stroke="${line}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-7,174 L7,174 L0,196Z" fill="#3B3F4A"/>`
  );
}

function headbandArc(p: Palette, width: number): string {
  const arc = "M-232,172 C-262,-196 262,-196 232,172";
  const inner = "M-200,150 C-226,-150 226,-150 200,150";
  return (
    `<path d="${arc}" fill="none" stroke="${p.line}" stroke-width="${width + 12}" stroke-linecap="round"/>` +
    `<path d="${arc}" fill="none" stroke="${p.base}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<path d="M-196,40 C-200,-90 -120,-140 -40,-152" fill="none" stroke="${p.light}" stroke-width="${Math.round(width / 4)}" stroke-linecap="round" opacity="0.75"/>` +
    `<path d="${inner}" fill="none" stroke="${p.dark}" stroke-width="6" opacity="0.5"/>`
  );
}

function scrunchie(p: Palette, ribbon: boolean): string {
  const bumps = 14;
  const outerR = 182;
  const peakR = 232;
  let outline = "";
  for (let i = 0; i <= bumps; i++) {
    const a = (2 * Math.PI * i) / bumps;
    const x = outerR * Math.cos(a);
    const y = outerR * Math.sin(a);
    if (i === 0) {
      outline += `M${n(x)},${n(y)}`;
    } else {
      const mid = (2 * Math.PI * (i - 0.5)) / bumps;
      outline += ` Q${n(peakR * Math.cos(mid))},${n(peakR * Math.sin(mid))} ${n(x)},${n(y)}`;
    }
  }
  outline += "Z";
  let folds = "";
  for (let i = 0; i < bumps; i++) {
    const a = (2 * Math.PI * i) / bumps;
    const bend = a + 0.12;
    folds += `M${n(88 * Math.cos(a))},${n(88 * Math.sin(a))} Q${n(140 * Math.cos(bend))},${n(140 * Math.sin(bend))} ${n(180 * Math.cos(a))},${n(180 * Math.sin(a))} `;
  }
  const tails = ribbon
    ? `<path d="M40,150 C70,210 60,260 110,300 L140,270 C100,240 110,200 80,150Z" fill="${p.dark}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>` +
      `<path d="M70,140 C130,190 170,200 210,250 L230,212 C190,180 150,160 100,130Z" fill="${p.base}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>`
    : "";
  return (
    tails +
    `<path d="${outline} ${circlePath(0, 0, 72)}" fill="${p.base}" fill-rule="evenodd" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="${folds}" fill="none" stroke="${p.dark}" stroke-width="8" stroke-linecap="round" opacity="0.75"/>` +
    `<circle r="96" fill="none" stroke="${p.dark}" stroke-width="16" opacity="0.45"/>` +
    `<path d="M-150,-70 C-120,-140 -60,-170 0,-172" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round" opacity="0.8"/>`
  );
}

function backpack(p: Palette): string {
  const small = paletteFor(p.accent);
  return (
    `<rect x="-205" y="-120" width="46" height="290" rx="22" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<rect x="159" y="-120" width="46" height="290" rx="22" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<path d="M-58,-188 C-58,-262 58,-262 58,-188" fill="none" stroke="${p.line}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M-58,-188 C-58,-262 58,-262 58,-188" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>` +
    `<rect x="-178" y="-195" width="356" height="440" rx="92" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    `<path d="M-176,-70 C-100,-20 100,-20 176,-70" fill="none" stroke="${p.line}" stroke-width="7" stroke-dasharray="14 10"/>` +
    `<path d="M-130,-160 C-150,-110 -152,-40 -150,20" fill="none" stroke="${p.light}" stroke-width="16" stroke-linecap="round" opacity="0.7"/>` +
    `<rect x="-128" y="48" width="256" height="160" rx="52" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<path d="M-96,96 L96,96" stroke="${p.line}" stroke-width="8" stroke-dasharray="10 8"/>` +
    `<circle cx="104" cy="96" r="12" fill="#E3E7EE" stroke="${p.line}" stroke-width="5"/>` +
    `<path d="M104,108 L104,140" stroke="${p.line}" stroke-width="8" stroke-linecap="round"/>` +
    place(0, -112, 0.34, 0, bow(small))
  );
}

function pencilCase(p: Palette, double: boolean): string {
  const height = double ? 250 : 210;
  const top = -height / 2;
  const zippers = double ? [top + 50, top + 122] : [top + 58];
  let zipperMarks = "";
  for (const y of zippers) {
    zipperMarks +=
      `<path d="M-210,${y} L206,${y}" stroke="${p.line}" stroke-width="16" stroke-dasharray="6 6"/>` +
      `<rect x="196" y="${y - 12}" width="58" height="24" rx="12" fill="#E3E7EE" stroke="${p.line}" stroke-width="5"/>`;
  }
  return (
    place(-110, top - 10, 0.82, -28, pencil("#FFD166", "#8A6B2E")) +
    place(-10, top - 30, 0.82, -8, pencil("#9ED8F5", "#3B6F8C")) +
    `<rect x="-250" y="${top}" width="500" height="${height}" rx="${double ? 100 : 96}" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    zipperMarks +
    `<path d="M-190,${top + height - 40} C-120,${top + height - 20} 0,${top + height - 18} 60,${top + height - 24}" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round" opacity="0.7"/>` +
    `<path d="${heartPath(150, top + height - 56, 46)}" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/>`
  );
}

function waterBottle(p: Palette): string {
  const band = p.accent === "#FFFFFF" ? "#FFFFFF" : mix(p.accent, "#FFFFFF", 0.55);
  return (
    `<path d="M70,-188 C170,-188 170,-84 86,-84" fill="none" stroke="${p.line}" stroke-width="26" stroke-linecap="round"/>` +
    `<path d="M70,-188 C170,-188 170,-84 86,-84" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>` +
    `<rect x="-22" y="-272" width="44" height="70" rx="20" fill="#E3E7EE" stroke="${p.line}" stroke-width="6"/>` +
    `<rect x="-108" y="-140" width="216" height="400" rx="74" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    `<rect x="-90" y="-220" width="180" height="96" rx="32" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<rect x="-107" y="10" width="214" height="96" fill="${band}" stroke="${p.line}" stroke-width="5"/>` +
    `<path d="${starPath(0, 58, 34, 15)}" fill="#FFC94D" stroke="#B88A1E" stroke-width="4" stroke-linejoin="round"/>` +
    `<rect x="-80" y="-110" width="24" height="104" rx="12" fill="${p.light}" opacity="0.7"/>` +
    `<rect x="-80" y="124" width="24" height="100" rx="12" fill="${p.light}" opacity="0.7"/>`
  );
}

function nameLabels(p: Palette): string {
  const sheet = p.base === "#FFFFFF" ? "#EEF3FA" : "#FFFFFF";
  let labels = "";
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 2; col++) {
      const x = -186 + col * 194;
      const y = -228 + row * 94;
      const icon = (row + col) % 2 === 0 ? heartPath(x + 36, y + 38, 30) : starPath(x + 36, y + 38, 20, 9);
      labels +=
        `<rect x="${x}" y="${y}" width="178" height="76" rx="22" fill="${p.base}" stroke="${p.line}" stroke-width="4"/>` +
        `<path d="${icon}" fill="${p.accent}" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>` +
        `<rect x="${x + 66}" y="${y + 24}" width="88" height="11" rx="5.5" fill="${p.line}" opacity="0.55"/>` +
        `<rect x="${x + 66}" y="${y + 44}" width="58" height="9" rx="4.5" fill="${p.line}" opacity="0.35"/>`;
    }
  }
  return (
    `<rect x="-212" y="-256" width="424" height="510" rx="28" fill="${sheet}" stroke="#B8C2D3" stroke-width="6"/>` +
    labels
  );
}

function lunchBox(p: Palette): string {
  return (
    `<path d="M-74,-142 C-74,-214 74,-214 74,-142" fill="none" stroke="${p.line}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M-74,-142 C-74,-214 74,-214 74,-142" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>` +
    `<rect x="-232" y="-78" width="464" height="258" rx="58" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    `<rect x="-248" y="-150" width="496" height="104" rx="46" fill="${p.dark}" stroke="${p.line}" stroke-width="7"/>` +
    `<rect x="-206" y="-70" width="54" height="66" rx="14" fill="${p.light}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="152" y="-70" width="54" height="66" rx="14" fill="${p.light}" stroke="${p.line}" stroke-width="5"/>` +
    `<path d="M-200,-126 C-120,-136 -20,-136 40,-132" fill="none" stroke="${p.light}" stroke-width="12" stroke-linecap="round" opacity="0.7"/>` +
    `<circle cx="-70" cy="72" r="46" fill="#F26D6D" stroke="#A83C3C" stroke-width="5"/>` +
    `<path d="M-70,26 C-66,8 -56,0 -42,-4" fill="none" stroke="#6B4A2B" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M-60,20 C-40,0 -20,6 -28,22 C-40,30 -52,28 -60,20Z" fill="#7CC47F"/>` +
    `<path d="${heartPath(80, 76, 70)}" fill="${p.accent}" stroke="${p.line}" stroke-width="4"/>`
  );
}

function lunchBag(p: Palette): string {
  return (
    `<path d="M-92,-166 C-92,-262 92,-262 92,-166" fill="none" stroke="${p.line}" stroke-width="32" stroke-linecap="round"/>` +
    `<path d="M-92,-166 C-92,-262 92,-262 92,-166" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>` +
    `<rect x="-192" y="-176" width="384" height="420" rx="52" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    `<path d="M-192,-124 L192,-124 L192,-40 C192,26 -192,26 -192,-40Z" fill="${p.dark}" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="-34" y="-8" width="68" height="40" rx="12" fill="${p.light}" stroke="${p.line}" stroke-width="5"/>` +
    `<rect x="-134" y="86" width="268" height="118" rx="34" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<path d="${starPath(0, 145, 38, 17)}" fill="#FFC94D" stroke="#B88A1E" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M-160,60 L-160,200" stroke="${p.light}" stroke-width="14" stroke-linecap="round" opacity="0.6"/>`
  );
}

function clawClip(p: Palette): string {
  // Teeth taper and curve towards each other, which is what tells a claw clip apart from a comb.
  let back = "";
  let front = "";
  for (let i = 0; i < 6; i++) {
    const x = -156 + i * 56;
    back += `<path d="M${x},-20 C${x},-80 ${x + 16},-140 ${x + 34},-184 C${x + 46},-140 ${x + 48},-80 ${x + 46},-20Z" fill="${p.dark}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>`;
    front += `<path d="M${x},20 C${x},80 ${x + 8},140 ${x + 10},196 C${x + 30},140 ${x + 48},80 ${x + 46},20Z" fill="${p.base}" stroke="${p.line}" stroke-width="5" stroke-linejoin="round"/>`;
  }
  return (
    back +
    `<rect x="-206" y="-58" width="412" height="116" rx="58" fill="${p.base}" stroke="${p.line}" stroke-width="7"/>` +
    front +
    `<path d="M-160,-24 C-80,-40 60,-40 150,-26" fill="none" stroke="${p.light}" stroke-width="12" stroke-linecap="round" opacity="0.7"/>` +
    `<circle cx="-206" cy="0" r="28" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>` +
    `<circle cx="206" cy="0" r="28" fill="${p.dark}" stroke="${p.line}" stroke-width="6"/>`
  );
}

function pearlPins(p: Palette): string {
  // Laid side by side like pins on a card: fanned pins crossing each other read as a tangle at small sizes.
  let pins = "";
  for (let i = 0; i < 5; i++) {
    const x = -150 + i * 75;
    pins +=
      `<g transform="translate(${x},${i % 2 === 0 ? 0 : 24})">` +
      `<path d="M-9,190 L-9,-160" stroke="#6E7686" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M9,-160 C20,-120 -2,-90 9,-50 C20,-10 -2,20 9,60 C20,100 -2,130 9,170" fill="none" stroke="#6E7686" stroke-width="10" stroke-linecap="round"/>` +
      `<circle cx="0" cy="-172" r="40" fill="${p.base}" stroke="${p.line}" stroke-width="5"/>` +
      `<circle cx="-13" cy="-186" r="12" fill="#FFFFFF" opacity="0.9"/>` +
      `<path d="M18,-150 C28,-160 32,-172 30,-186" fill="none" stroke="${p.dark}" stroke-width="6" stroke-linecap="round"/>` +
      `</g>`;
  }
  return `<g transform="rotate(-14)">${pins}</g>`;
}

function hairTies(p: Palette): string {
  const rings: Array<[number, number, string]> = [
    [-130, -110, p.base],
    [0, -140, p.light],
    [130, -100, p.dark],
    [-160, 20, p.dark],
    [-30, -10, p.base],
    [110, 30, p.light],
    [-90, 140, p.light],
    [50, 130, p.base],
    [170, 150, p.base],
  ];
  return rings
    .map(
      ([x, y, color]) =>
        `<circle cx="${x}" cy="${y}" r="70" fill="none" stroke="${p.line}" stroke-width="32"/>` +
        `<circle cx="${x}" cy="${y}" r="70" fill="none" stroke="${color}" stroke-width="22"/>`,
    )
    .join("");
}

export function drawItem(kind: ItemKind, color: string): string {
  const p = paletteFor(color);
  switch (kind) {
    case "bow":
      return bow(p);
    case "bow-tails":
      return bow(p, { tails: true });
    case "bow-pair":
      return place(-140, -70, 0.6, -12, bow(p, { tails: true, lace: true })) + place(140, 80, 0.6, 12, bow(p, { tails: true, lace: true }));
    case "bow-pins": {
      const pin = `<rect x="-9" y="-40" width="18" height="300" rx="9" fill="#8C93A3" stroke="#5E6574" stroke-width="4"/>`;
      return place(-90, 0, 1, -14, pin + place(0, -70, 0.42, 0, bow(p))) + place(90, 20, 1, 14, pin + place(0, -70, 0.42, 0, bow(p)));
    }
    case "snap-clips":
      return place(-120, 20, 0.92, -24, snapClip(p)) + place(120, 20, 0.92, 24, snapClip(p)) + place(0, 0, 1, 0, snapClip(p));
    case "pearl-pins":
      return pearlPins(p);
    case "claw-clip":
      return clawClip(p);
    case "headband":
      return headbandArc(p, 44);
    case "headband-padded":
      return headbandArc(p, 92);
    case "headband-knot":
      return (
        headbandArc(p, 62) +
        `<ellipse cx="0" cy="-112" rx="72" ry="56" fill="${p.base}" stroke="${p.line}" stroke-width="6"/>` +
        `<path d="M-40,-150 C-10,-120 -10,-100 -40,-70 M40,-150 C10,-120 10,-100 40,-70" fill="none" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>`
      );
    case "headband-bow":
      return headbandArc(p, 48) + place(0, -112, 0.52, 0, bow(p));
    case "scrunchie":
      return scrunchie(p, true);
    case "scrunchie-set":
      return (
        place(-120, -100, 0.56, 0, scrunchie(paletteFor(mix(color, "#FFFFFF", 0.35)), false)) +
        place(130, -60, 0.56, 20, scrunchie(paletteFor(mix(color, "#000000", 0.12)), false)) +
        place(0, 120, 0.62, -10, scrunchie(p, false))
      );
    case "hair-ties":
      return hairTies(p);
    case "backpack":
      return backpack(p);
    case "pencil-case":
      return pencilCase(p, false);
    case "pencil-case-double":
      return pencilCase(p, true);
    case "water-bottle":
      return waterBottle(p);
    case "name-labels":
      return nameLabels(p);
    case "lunch-box":
      return lunchBox(p);
    case "lunch-bag":
      return lunchBag(p);
  }
}

/** A pencil and a star are hero-banner props rather than catalogue items. */
export function drawPencil(body: string, line: string): string {
  return pencil(body, line);
}

// ---------------------------------------------------------------------------------------------------------
// Compositions

function pickPastel(seed: string, offset: number): string {
  const index = Math.floor(seededRandom(seed)() * PASTELS.length);
  return PASTELS[(index + offset) % PASTELS.length];
}

function backgroundLayer(variant: number, bg: string, seed: string): string {
  const glow = `<radialGradient id="glow" cx="50%" cy="42%" r="60%"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.7"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>`;
  const base = `<rect width="800" height="800" fill="${bg}"/>`;
  const deco = mix(bg, "#FFFFFF", 0.6);
  switch (variant) {
    case 1:
      return (
        `<defs><pattern id="dots" width="80" height="80" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="9" fill="${deco}"/><circle cx="60" cy="60" r="9" fill="${deco}"/></pattern>${glow}</defs>` +
        base +
        `<rect width="800" height="800" fill="url(#dots)"/><rect width="800" height="800" fill="url(#glow)"/>`
      );
    case 2:
      return (
        `<defs><pattern id="stripes" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="28" height="64" fill="${deco}"/></pattern></defs>` +
        base +
        `<rect width="800" height="800" fill="url(#stripes)"/>`
      );
    case 3: {
      const random = seededRandom(`${seed}-confetti`);
      let stars = "";
      for (let i = 0; i < 14; i++) {
        const x = 40 + random() * 720;
        const y = 40 + random() * 720;
        // Keep the middle clear for the item.
        if (Math.hypot(x - 400, y - 400) < 270) continue;
        stars += `<path d="${starPath(x, y, 16 + random() * 12, 8)}" fill="${i % 2 === 0 ? "#FFFFFF" : "#FFD873"}" opacity="0.9"/>`;
      }
      return `<defs>${glow}</defs>` + base + `<rect width="800" height="800" fill="url(#glow)"/>` + stars;
    }
    default:
      return `<defs>${glow}</defs>` + base + `<rect width="800" height="800" fill="url(#glow)"/>`;
  }
}

const VARIANT_PLACEMENT: ReadonlyArray<{ x: number; y: number; scale: number; rotate: number; shadow: boolean }> = [
  { x: 400, y: 385, scale: 1.08, rotate: 0, shadow: true },
  { x: 400, y: 400, scale: 0.9, rotate: -12, shadow: true },
  { x: 420, y: 440, scale: 1.32, rotate: 6, shadow: false },
  { x: 400, y: 395, scale: 0.84, rotate: 10, shadow: true },
];

function svgDocument(size: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">${body}</svg>`;
}

/** Variant 0 is the main picture; 1–3 are the gallery (other background, angle or a close-up). */
export function productSvg(art: ItemArt, variant: number, seed: string): string {
  const spot = VARIANT_PLACEMENT[variant % VARIANT_PLACEMENT.length];
  const bg = pickPastel(seed, variant);
  const shadow = spot.shadow
    ? `<ellipse cx="400" cy="${n(spot.y + 285 * spot.scale)}" rx="${n(230 * spot.scale)}" ry="24" fill="#000000" opacity="0.07"/>`
    : "";
  return svgDocument(
    800,
    backgroundLayer(variant, bg, seed) + shadow + place(spot.x, spot.y, spot.scale, spot.rotate, drawItem(art.item, art.color)),
  );
}

/** A round icon on a transparent background, for the category bar. */
export function categoryIconSvg(art: ItemArt, seed: string): string {
  const bg = pickPastel(seed, 0);
  return svgDocument(
    256,
    `<circle cx="400" cy="400" r="392" fill="${bg}"/>` +
      `<circle cx="400" cy="400" r="392" fill="none" stroke="${mix(bg, "#000000", 0.08)}" stroke-width="10"/>` +
      place(400, 410, 0.92, 0, drawItem(art.item, art.color)),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Writing files

export interface ImageJob {
  fileName: string;
  /** Built only when the file is missing, which keeps a second seed run fast. */
  svg: () => string;
}

export interface ImageRunResult {
  written: number;
  skipped: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

export async function writeWebp(svg: string, file: string, quality = 80): Promise<void> {
  // Effort 2 encodes about a third faster than the default 4 for files only ~6% larger on these flat drawings.
  const data = await sharp(Buffer.from(svg)).webp({ quality, effort: 2 }).toBuffer();
  // Write then rename, so a reader (or a seed running at the same time) never sees half a file.
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/** Writes the missing pictures into `<uploadsDir>/catalogue`, a few at a time (sharp is multi-threaded itself). */
export async function generateCatalogueImages(
  jobs: readonly ImageJob[],
  uploadsDir: string,
  concurrency = 4,
): Promise<ImageRunResult> {
  const dir = path.join(uploadsDir, CATALOGUE_SUBDIR);
  await fs.mkdir(dir, { recursive: true });
  const result: ImageRunResult = { written: 0, skipped: 0 };
  let next = 0;
  async function worker(): Promise<void> {
    while (next < jobs.length) {
      const job = jobs[next++];
      const file = path.join(dir, job.fileName);
      if (await exists(file)) {
        result.skipped++;
        continue;
      }
      await writeWebp(job.svg(), file);
      result.written++;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return result;
}
