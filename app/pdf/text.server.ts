import bidiFactory from "bidi-js";

const bidi = bidiFactory();

export type VisualRun = { text: string; isSpace: boolean };

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
  return runs.map(({ text: runText, isSpace }) => ({ text: runText, isSpace }));
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
