import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") keys.set(name, value);
    else for (const [child, text] of flatten(value, name)) keys.set(child, text);
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

const english = flatten(resources.en.translation as Tree);
const arabic = flatten(resources.ar.translation as Tree);

describe("translations", () => {
  it("have the same keys in Arabic and English, none empty", () => {
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of [...english, ...arabic]) expect(text.trim(), key).not.toBe("");
  });

  it("write the Arabic texts in Arabic letters", () => {
    const untranslated = [...arabic].filter(([key, text]) => !/[\u0600-\u06FF]/.test(text) && !key.startsWith("language."));
    expect(untranslated).toEqual([]);
  });

  // Decision 0106: a count inside an Arabic text is in Arabic-Indic digits; only a sample of what to type (a time, an
  // isolated date, an order number) and the name UTF-8 keep Latin ones.
  it("write the counts of the Arabic texts in Arabic-Indic digits", () => {
    const samples = /\u2066[^\u2069]*\u2069|\b\d{2}:\d{2}\b|ORD-\d+|UTF-8/g;
    const latin = [...arabic].filter(([, text]) => /[0-9]/.test(text.replace(samples, "")));
    expect(latin).toEqual([]);
  });

  // A file may fill sections of another's namespace (product-page.ts adds `shop.product`); resources.ts merges
  // those namespaces section by section, so what must never repeat is a section.
  it("give each area its own sections, so putting the files together loses nothing", async () => {
    const dir = path.resolve("app/i18n/locales/en");
    const seen = new Map<string, string>();
    // The files resources.ts spreads together (legal texts are separate documents, loaded by their pages).
    const spread = [...fs.readFileSync(path.resolve("app/i18n/resources.ts"), "utf8").matchAll(/"\.\/locales\/en\/([\w-]+)"/g)];
    expect(spread.length).toBeGreaterThan(3);
    for (const [, file] of spread) {
      const module = (await import(path.join(dir, `${file}.ts`))) as Record<string, Tree>;
      for (const tree of Object.values(module)) {
        for (const [namespace, sections] of Object.entries(tree)) {
          for (const section of typeof sections === "string" ? [""] : Object.keys(sections)) {
            const key = `${namespace}.${section}`;
            expect(seen.get(key), `${key} is in ${file} and ${seen.get(key)}`).toBeUndefined();
            seen.set(key, file);
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThan(5);
  });

  it("contain every key the app asks for", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bt\(\s*["'`]([a-zA-Z0-9_.]+)["'`]/g)) used.add(match[1]);
      // zod schemas carry translation keys as their messages
      for (const match of source.matchAll(/["'`]((?:[a-zA-Z]+\.)*[a-zA-Z]*[vV]alidation\.[a-zA-Z0-9_.]+)["'`]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((key) => !english.has(key) && !english.has(`${key}_other`));
    expect(missing).toEqual([]);
  });
});
