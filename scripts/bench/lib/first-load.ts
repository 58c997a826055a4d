/**
 * The JavaScript a browser fetches before a route's page is interactive, from the Remix asset manifest of the
 * production build: the client entry and its imports, for the route and each of its parents the module and its
 * imports (what `<Scripts>` writes as modulepreloads), and the page language's texts, which the entry imports
 * (app/i18n/browser; Arabic, the default and the larger), with the texts of the page's areas (account, checkout,
 * administration), which it fetches before hydrating (app/i18n/area-messages.ts). The manifest itself is not fetched: with
 * v3_lazyRouteDiscovery the page carries the part it needs inline. Sizes are gzipped at level 9.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { url: string; entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type FirstLoad = { routeId: string; files: { path: string; gzipBytes: number }[]; gzipBytes: number };

export function readManifest(publicDir = path.resolve("public")): Manifest {
  const buildDir = path.join(publicDir, "build");
  const file = fs.readdirSync(buildDir).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  if (!file) throw new Error(`no Remix manifest in ${buildDir}: run "npx remix build" first`);
  const source = fs.readFileSync(path.join(buildDir, file), "utf8");
  const manifest = JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
  return { ...manifest, url: manifest.url ?? `/build/${file}` };
}

type Metafile = { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }> };

function readMetafile(publicDir: string): Metafile {
  return JSON.parse(fs.readFileSync(path.join(publicDir, "..", "build", "metafile.js.json"), "utf8")) as Metafile;
}

/** The built module of the default language's browser texts, from the esbuild metafile beside the server build. */
function browserMessages({ outputs }: Metafile): string[] {
  const output = Object.keys(outputs).find((name) => outputs[name].entryPoint === "app/i18n/browser/ar.ts" && name.endsWith(".js"));
  if (!output) throw new Error("the build's metafile names no module for app/i18n/browser/ar.ts");
  return [`/${output.replace(/^public\//, "")}`];
}

/** The default language's area texts that the given files import on demand (a route's `handle.messages`). */
function areaMessages({ outputs }: Metafile, files: Iterable<string>): string[] {
  return [...files].flatMap((file) =>
    (outputs[`public${file}`]?.imports ?? [])
      .filter(({ path: target, kind }) => kind === "dynamic-import" && /^app\/i18n\/locales\/ar\//.test(outputs[target]?.entryPoint ?? ""))
      .map(({ path: target }) => `/${target.replace(/^public\//, "")}`),
  );
}

export function firstLoad(manifest: Manifest, routeId: string, publicDir = path.resolve("public")): FirstLoad {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) chain.unshift(route);
  const metafile = readMetafile(publicDir);
  const paths = new Set([manifest.entry.module, ...manifest.entry.imports, ...browserMessages(metafile)]);
  for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) paths.add(file);
  for (const file of areaMessages(metafile, [...paths])) paths.add(file);
  const files = [...paths].map((file) => ({ path: file, gzipBytes: gzipSync(fs.readFileSync(path.join(publicDir, file)), { level: 9 }).length }));
  return { routeId, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** Every page route's first load; resource routes (app/routes/*.ts, no view) are never a page a browser loads. */
export function everyFirstLoad(publicDir = path.resolve("public"), appDir = path.resolve("app")): FirstLoad[] {
  const manifest = readManifest(publicDir);
  return Object.values(manifest.routes)
    .filter((route) => route.id === "root" || fs.existsSync(path.join(appDir, `${route.id}.tsx`)))
    .map((route) => firstLoad(manifest, route.id, publicDir));
}
