import { config } from "zod";

/**
 * zod's builders, as every form schema imports them (`import * as z from "./zod"`).
 *
 * Only the builders the schemas use are named here. `import { z } from "zod"` hands the bundler zod's whole
 * namespace as one object, and esbuild then keeps all of it, error messages in some fifty languages included: 92 KB
 * of the browser's form-validation module, gzipped, where the builders alone take 25 KB. A schema that needs another
 * builder adds it to this list.
 *
 * In the browser, zod 4 tries `new Function` once, while it builds the first object schema, to see whether it may
 * compile faster parsers; under the shop's Content-Security-Policy (no 'unsafe-eval') that attempt is refused, and
 * Chrome reports it as a CSP issue on every page with a form (Lighthouse best practices). The setting has to come
 * before any schema is built, so the schema modules take zod from here rather than configuring it where they are
 * used; the server keeps the compiled parsers.
 */
if (typeof document !== "undefined") config({ jitless: true });

export { array, boolean, discriminatedUnion, enum, instanceof, literal, number, object, preprocess, string, unknown } from "zod";
export type { infer } from "zod";
