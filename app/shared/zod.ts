import { z } from "zod";

/**
 * zod, as every schema here imports it. In the browser, zod 4 tries `new Function` once to see whether it may compile
 * faster parsers; under the shop's Content-Security-Policy (no 'unsafe-eval') that attempt is refused, and Chrome
 * reports it as a CSP issue on every page with a form (Lighthouse best practices). Telling zod up front that it runs
 * without eval avoids the attempt; the server keeps the compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
