import type { IncomingMessage } from "node:http";
import morgan from "morgan";
import { redactUrl } from "../app/utils/redact";

morgan.token("safe-url", (req: IncomingMessage & { originalUrl?: string }) => redactUrl(req.originalUrl ?? req.url ?? ""));

/** One line per request on stdout; the URL loses signed links, phones, e-mails and order sessions (app/utils/redact.ts). */
export function requestLog() {
  return morgan(":remote-addr :method :safe-url :status :res[content-length] - :response-time ms", {
    stream: { write: (line: string) => process.stdout.write(line) },
  });
}
