import http from "node:http";
import { SHOP_ORIGIN, type MaterialRequest } from "./requests";

export type Answer = { status: number; body: string } | { status: "no answer"; body: string };

const TIMEOUT_MS = 60_000;

/**
 * Sends with node:http rather than fetch: fetch refuses some of the headers and methods the fuzz sends on purpose
 * (a Host-like X-Forwarded-Host, a body on GET) and normalises others.
 */
export function send(base: URL, agent: http.Agent, request: MaterialRequest): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let outgoing: http.ClientRequest;
    try {
      const headers: Record<string, string> = { ...request.headers };
      if (headers.Origin === SHOP_ORIGIN) headers.Origin = base.origin;
      if (request.body) headers["Content-Length"] = String(request.body.length);
      outgoing = http.request({ host: base.hostname, port: base.port, method: request.method, path: request.path, headers, agent, timeout: TIMEOUT_MS }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          // Only the start of an answer is kept for a report.
          if (size < 2000) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 2000) }));
        response.on("error", (error) => done({ status: "no answer", body: String(error) }));
      });
    } catch (error) {
      // Node refused to send it (a header it will not write): not the shop's doing, so not a finding.
      done({ status: 0, body: `not sent: ${String(error)}` });
      return;
    }
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    outgoing.on("error", (error) => done({ status: "no answer", body: String(error) }));
    outgoing.end(request.body);
  });
}
