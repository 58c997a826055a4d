import bidiFactory from "bidi-js";

const bidi = bidiFactory();

export type VisualRun = { text: string; isSpace: boolean; rtl: boolean };

/**
 * Puts one line of mixed Arabic and Latin text into visual (left-to-right drawing) order. pdfkit shapes a run
 * of Arabic correctly (joined letters, right to left) but places separate words left to right, so the line is
 * cut into runs of one embedding level, the runs are reordered by the Unicode rule L2, and each run is drawn on
 * its own. Digits and Latin stay left to right inside an Arabic line.
 */
export function visualRuns(text: string, direction: "rtl" | "ltr" | "auto" = "auto"): VisualRun[] {
  const base = direction === "auto" ? (/[\u0600-\u06FF]/.test(text) ? "rtl" : "ltr") : direction;
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: { text: string; level: number; isSpace: boolean }[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = mirrored.get(index) ?? text[index];
    const isSpace = char === " ";
    const level = levels[index];
    const last = runs[runs.length - 1];
    if (last && last.level === level && last.isSpace === isSpace) last.text += char;
    else runs.push({ text: char, level, isSpace });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)));
  for (let level = highest; level >= lowestOdd && Number.isFinite(lowestOdd); level--) {
    let start = 0;
    while (start < runs.length) {
      if (runs[start].level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end + 1 < runs.length && runs[end + 1].level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return runs.map(({ text: runText, isSpace, level }) => ({ text: runText, isSpace, rtl: level % 2 === 1 }));
}

/** Greedy word wrap in logical order; each resulting line is then put into visual order on its own. */
export function wrapWords(text: string, maxWidth: number, widthOf: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    // Most lines fit: measuring once spares shaping every growing candidate.
    if (widthOf(paragraph) <= maxWidth) {
      lines.push(paragraph);
      continue;
    }
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && widthOf(candidate) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * How poppler (pdftotext) classes a character when it rebuilds logical order: "R" right to left, "S" strong left to
 * right or a number (it counts ":", "،", ".", "-" and "/" with the digits), "N" neither. Measured on poppler 22.12
 * by drawing every character between an Arabic letter and a digit (docs/decisions/0033-invoice-text-and-tags.md);
 * characters outside these ranges follow their Unicode bidi class.
 */
const POPPLER_CLASSES = (
  "20-22N 23-25S 26-2aN 2b-3aS 3b-40N 41-5aS 5b-60N 61-7aS 7b-7eN a0-a0S a1-a1N a2-a5S a6-a9N aa-aaS ab-afN b0-b3S " +
  "b4-b4N b5-b5S b6-b8N b9-baS bb-bfN c0-d6S d7-d7N d8-f6S f7-f7N f8-24fS 590-5bdN 5be-5beR 5bf-5bfN 5c0-5c0R " +
  "5c1-5c2N 5c3-5c3R 5c4-5c4N 5c5-603R 604-60cS 60d-60dR 60e-615N 616-64aR 64b-658N 659-66cS 66d-66fR 670-670N " +
  "671-6d5R 6d6-6dcN 6dd-6ddR 6de-6e4N 6e5-6e6R 6e7-6edN 6ee-6efR 6f0-6f9S 6fa-6ffR 2000-200dN 200e-200eS " +
  "200f-200fR 2010-2029N 202a-202aS 202b-202bR 202c-202cN 202d-202dS 202e-202eR 202f-202fN 2030-2034S 2035-2043N " +
  "2044-2044S 2045-206fN fb50-fd3dR fd3e-fd3fN fd40-fdcfR fdd0-fdefN fdf0-fdfcR fdfd-fdffN fe70-fefcR"
)
  .split(" ")
  .map((entry) => {
    const [, from, to, kind] = /^([0-9a-f]+)-([0-9a-f]+)([RSN])$/.exec(entry)!;
    return { from: parseInt(from, 16), to: parseInt(to, 16), kind: kind as PopplerClass };
  });

type PopplerClass = "R" | "S" | "N";

export function popplerClass(char: string): PopplerClass {
  const code = char.codePointAt(0)!;
  const range = POPPLER_CLASSES.find((entry) => code >= entry.from && code <= entry.to);
  if (range) return range.kind;
  const type = bidi.getBidiCharTypeName(char);
  if (type === "R" || type === "AL") return "R";
  return type === "L" || type === "EN" || type === "AN" ? "S" : "N";
}

const LRM = "\u200E";
const RLM = "\u200F";

/**
 * The text to give pdftotext for one drawn line, so that it gives back `line` (issue 18). Poppler does not read
 * /ActualText as logical text: it spreads the characters over the span from left to right, as if they were glyphs,
 * and then turns each right-to-left stretch around (poppler's reorderText, on a page it judges right to left).
 * So the line is cut into right-to-left stretches (Arabic letters and neutrals) and left-to-right ones (Latin, digits,
 * the separators poppler counts with digits), put in the order they stand on the page, and each right-to-left stretch
 * is reversed. Poppler cannot give back a neutral (a space) between a digit and a following Arabic letter without a
 * left-to-right mark after it, so one is added there; a right-to-left mark on the far left keeps this line's
 * characters from joining those of a neighbouring span on the same line. Both marks are invisible bidi controls,
 * like the embedding marks poppler writes around every change of direction.
 */
export function popplerActualText(line: string): string {
  const segments: { rtl: boolean; chars: string[] }[] = [];
  let neutrals: string[] = [];
  for (const char of Array.from(line)) {
    const kind = popplerClass(char);
    if (kind === "N") {
      neutrals.push(char);
      continue;
    }
    const rtl = kind === "R";
    const last = segments.at(-1);
    if (last && last.rtl === rtl) last.chars.push(...neutrals, char);
    else if (!last || last.rtl) segments.push({ rtl, chars: [...neutrals, char] });
    else {
      // A left-to-right stretch must end on a strong character for poppler to stop there.
      if (neutrals.length) last.chars.push(...neutrals, LRM);
      segments.push({ rtl, chars: [char] });
    }
    neutrals = [];
  }
  if (neutrals.length) {
    const last = segments.at(-1);
    if (!last) segments.push({ rtl: true, chars: neutrals });
    else last.chars.push(...neutrals, ...(last.rtl ? [] : [LRM]));
  }
  return RLM + segments.reverse().map((segment) => (segment.rtl ? [...segment.chars].reverse() : segment.chars).join("")).join("");
}

/** Counts of what poppler weighs to judge a page's direction: strong left-to-right (digits over-counted) and right-to-left. */
export function directionWeights(text: string) {
  let ltr = 0;
  let rtl = 0;
  for (const char of text) {
    const kind = popplerClass(char);
    if (kind === "S") ltr++;
    else if (kind === "R") rtl++;
  }
  return { ltr, rtl };
}
