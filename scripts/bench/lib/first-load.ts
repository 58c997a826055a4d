/**
 * The JavaScript a browser fetches before a route's page is interactive, from the Remix asset manifest of the
 * production build: the manifest itself, the client entry and its imports, and for the route and each of its parents
 * the module and its imports (what `<Scripts>` writes as modulepreloads). Sizes are gzipped at level 9, as
 * compression at the edge would send them.
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

export function firstLoad(manifest: Manifest, routeId: string, publicDir = path.resolve("public")): FirstLoad {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) chain.unshift(route);
  const paths = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) paths.add(file);
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
