import { z } from "zod";

/**
 * zod, as every form schema imports it. In the browser, zod 4 tries `new Function` once, while it builds the first
 * object schema, to see whether it may compile faster parsers; under the shop's Content-Security-Policy (no
 * 'unsafe-eval') that attempt is refused, and Chrome reports it as a CSP issue on every page with a form (Lighthouse
 * best practices). The setting has to come before any schema is built, so the schema modules take zod from here
 * rather than configuring it where they are used; the server keeps the compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
