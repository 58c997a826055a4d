import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/shared/language";
import type { RouteMessages } from "~/i18n/area-messages";

/**
 * An admin page shows only the admin texts its layout's and its own `handle` fetch (app/i18n/route-messages.tsx);
 * a section missing from them would show as raw keys once the page hydrates. The sections a page names are read
 * from its file and the modules it imports (not .server ones, which run where every text is at hand).
 */
const routesDir = path.resolve("app/routes");

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.resolve("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  return [".ts", ".tsx", ""].map((ext) => base + ext).find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

function sectionsNamed(file: string, seen = new Set<string>()): Set<string> {
  const sections = new Set<string>();
  if (seen.has(file) || /\.server\.|\/locales\/|\.css$/.test(file)) return sections;
  seen.add(file);
  let source = fs.readFileSync(file, "utf8");
  // AdminError lists every key a page may hand it in a type; each page names its own.
  if (file.endsWith("admin-error.tsx")) source = source.replace(/type MessageKey =[^;]+;/, "");
  for (const [, section] of source.matchAll(/["'`]admin\.(\w+)[.`"']/g)) sections.add(section);
  // A type-only import brings no text to the page: use-shop-form names every form's validator by type, while each
  // page loads only its own form's check (the settings page's messages are the settings page's alone).
  for (const [, specifier] of source.replace(/^import type [^;]+;/gm, "").matchAll(/from\s+["']([^"']+)["']/g)) {
    const imported = resolveImport(file, specifier);
    if (imported) for (const section of sectionsNamed(imported, seen)) sections.add(section);
  }
  return sections;
}

async function fetchedSections(modules: { handle?: { messages?: RouteMessages } }[], language: "ar" | "en"): Promise<Set<string>> {
  const sections = new Set<string>();
  for (const module of modules) {
    const load = module.handle?.messages?.[language];
    if (load) for (const section of Object.keys(((await load()) as { admin?: object }).admin ?? {})) sections.add(section);
  }
  return sections;
}

// The admin's pages, as Remix finds them (remix.config.js leaves the tests beside them out).
const pages = fs.readdirSync(routesDir).filter((file) => file.startsWith("admin.timsar.") && file.endsWith(".tsx") && !file.endsWith(".test.tsx"));

describe("admin pages' texts in the browser", () => {
  it.each(pages)("%s fetches every admin section it shows", async (page) => {
    const layout = (await import(path.join(routesDir, "admin.timsar.tsx"))) as { handle?: { messages?: RouteMessages } };
    const route = (await import(path.join(routesDir, page))) as { handle?: { messages?: RouteMessages } };
    const named = sectionsNamed(path.join(routesDir, page));
    for (const language of supportedLanguages) {
      const fetched = await fetchedSections([layout, route], language);
      expect([...named].filter((section) => !fetched.has(section)), language).toEqual([]);
    }
  });
});
