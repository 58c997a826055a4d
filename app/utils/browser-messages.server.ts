import fs from "node:fs";
import path from "node:path";
import type { Language } from "~/shared/language";

/**
 * The URL of the script that carries a language's storefront texts to the browser (app/i18n/browser/*.ts). The
 * client entry imports it dynamically, so it is in no route's list of modules; the root's <head> preloads it by the
 * name the build gave it, read from the build's esbuild metafile. Null without a build (route tests), where the
 * import still works, only one round trip later.
 */
let urls: Partial<Record<Language, string>> | null = null;

function readUrls(): Partial<Record<Language, string>> {
  try {
    const metafile = JSON.parse(fs.readFileSync(path.resolve("build/metafile.js.json"), "utf8")) as {
      outputs: Record<string, { entryPoint?: string }>;
    };
    const found: Partial<Record<Language, string>> = {};
    for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
      const language = /^app\/i18n\/browser\/(ar|en)\.ts$/.exec(entryPoint ?? "")?.[1] as Language | undefined;
      if (language && output.endsWith(".js")) found[language] = `/${output.replace(/^public\//, "")}`;
    }
    return found;
  } catch {
    return {};
  }
}

export function browserMessagesUrl(language: Language): string | null {
  urls ??= readUrls();
  return urls[language] ?? null;
}
