// Loaded with --import by the shop that tests/platform/node24.test.ts starts on Node 24: every import or require of
// better-sqlite3 gets the copy scripts/node24-copy.sh compiled for Node 24, not the project's own (built for the
// machine's Node, which Node 24 refuses to load). Node 24's module.registerHooks covers import and require alike.
import { registerHooks } from "node:module";

const copy = new URL("../.tmp/node24/native/better-sqlite3/lib/index.js", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier === "better-sqlite3" ? copy : specifier, context);
  },
});
