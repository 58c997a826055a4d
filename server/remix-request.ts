import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * An Express request as a Fetch request for Remix. @remix-run/express does the same inside its own handler but does
 * not export it; the page cache needs the request without that handler. As there: the host keeps its port, the URL
 * respects "trust proxy", and loaders are aborted when the client goes away before the answer is finished.
 */
export function createRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const port = [req.get("X-Forwarded-Host"), req.get("host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }

  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // limitRequestBodies (server/body-limit.ts) has already read and counted the body.
    const buffered: unknown = res.locals.body;
    if (Buffer.isBuffer(buffered)) init.body = new Uint8Array(buffered);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}
