import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Debian's nginx (scripts/test.sh installs it) with the shop's own configuration, deploy/nginx.conf, in front of the
 * given upstream ports: the file's `shop-a:3000` and `shop-b:3000` become loopback ports and `listen 80` a loopback
 * port; everything else is the documented file. It runs as the current user, in the foreground, from a temporary prefix.
 */
export async function startNginx(port: number, upstreams: [number, number]) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-"));
  let site = fs.readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const replace = (from: string, to: string) => {
    if (site.split(from).length !== 2) throw new Error(`deploy/nginx.conf no longer holds "${from}" once: update tests/support/nginx.ts`);
    site = site.replace(from, to);
  };
  replace("server shop-a:3000", `server 127.0.0.1:${upstreams[0]}`);
  replace("server shop-b:3000", `server 127.0.0.1:${upstreams[1]}`);
  replace("listen 80;", `listen 127.0.0.1:${port};`);
  // As root, nginx's workers would switch to `nobody`, who cannot write the temporary prefix.
  const user = process.getuid?.() === 0 ? "user root root;" : "";
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${user}
worker_processes 1;
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
${site}
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}${errorLog(prefix)}`);
    const answered = await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (waited > 10_000) throw new Error(`nginx did not answer on ${base}: ${output}${errorLog(prefix)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    errorLog: () => errorLog(prefix),
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on("exit", resolve)));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function errorLog(prefix: string): string {
  const file = path.join(prefix, "error.log");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
}
