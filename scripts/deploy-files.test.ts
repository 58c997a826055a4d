import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** The variables docs/configuration.md's table names (`A`, `B` in one row count as two). */
function documented(): string[] {
  const table = fs.readFileSync("docs/configuration.md", "utf8").split("\n").filter((line) => line.startsWith("| `"));
  return table.flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]));
}

describe("the deployment files agree with the code", () => {
  it("documents every variable the server reads, and .env.example names each with a comment", () => {
    const source = fs.readFileSync("app/env.server.ts", "utf8");
    const read = [...source.matchAll(/^ {2}([A-Z][A-Z_]+): z\b/gm)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(15);
    expect(read.filter((name) => !documented().includes(name))).toEqual([]);
    const example = fs.readFileSync(".env.example", "utf8").split("\n");
    for (const name of documented()) {
      const at = example.findIndex((line) => line.startsWith(`${name}=`));
      expect(at, `${name} in .env.example`).toBeGreaterThan(0);
      // Its comment: the nearest line above that is not another variable.
      const above = example.slice(0, at).reverse().find((line) => !/^[A-Z_]+=/.test(line));
      expect(above, `${name}'s comment`).toMatch(/^# /);
    }
  });

  it("points compose.yaml's nginx at deploy/nginx.conf, and the unit drains longer than the server", () => {
    expect(fs.readFileSync("compose.yaml", "utf8")).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    const unit = fs.readFileSync("deploy/shop.service", "utf8");
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(25 + 15);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });
});
