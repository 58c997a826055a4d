/**
 * The house's floors as docs/architecture.md draws them: imports point down, never back up. Each folder lists what it
 * may not import, so a new arrow back up fails `npm run lint` (issue 29). Static imports only: a lazy `import()` is
 * an entry point of the browser build, not a load-time dependency. `app/layers.test.ts` checks that each rule
 * still fires.
 */

const ban = (message, ...group) => ({ group, message });

const scripts = ban("scripts/ holds command-line wrappers; put the logic in server/ or app/ and import it from there.", "**/scripts/**");
const routes = ban(
  "A route is a top floor: move what you need from it to app/shared, a model or a component.",
  "~/routes/**",
  "../routes/**",
  "../../routes/**",
  "../../../routes/**",
  "~/root",
  "../root",
  "../../root",
);
// server/ wraps the app (Express, workers, the page cache) and imports it; the app never imports it back, by any depth.
const serverFolder = ban(
  "server/ sits above the app (it starts it): move what the app needs into app/ and let server/ import it from there.",
  "../server/**",
  "../../server/**",
  "../../../server/**",
  "../../../../server/**",
);
const entries = ban(
  "~/i18n/react and app/lazy/ are the browser build's entry points (they name the bundling hints): import the hook from ~/i18n/translation.",
  "~/i18n/react",
  "../i18n/react",
  "~/lazy/**",
  "../lazy/**",
);
const components = ban("React views sit above this folder: pass data down, or move the shared part to app/shared.", "~/components/**", "../components/**");
const server = ban("Server-only code never reaches a browser module: take the type or rule from app/shared.", "**/*.server", "**/*.server.*", "~/db.server");
const models = ban("Models sit above this folder.", "~/models/**", "../models/**");
// A view may name a model's type, but only from a domain's face: typescript-eslint lets a type import through when any
// pattern it matches allows types, so these two leave the models' inner files to faceOnly, which allows none.
const serverButModels = { ...server, group: [...server.group, "!~/models/**"] };
const modelFaces = ban(models.message, "~/models/*/index.server", "../models/**");
const auth = ban("Sessions sit above this folder.", "~/auth/**", "../auth/**");

/**
 * The models' domains, top to bottom (docs/architecture.md "Models in domains", decision 0082): a domain may use the
 * faces of the domains below it, never one above, so the arrows between them point one way.
 */
export const DOMAINS = ["jobs", "fulfilment", "reviews", "reports", "returns", "payments", "orders", "catalogue", "accounts", "messaging", "shop"];
// Outside its folder a domain is one module: its face. Its other files are private, whoever asks (a route, a test, a script).
const faceOnly = ban(
  "Outside its folder a model domain is used through its face: import ~/models/<domain>/index.server, and export what you need there.",
  "~/models/*/*",
  "!~/models/*/index.server",
  "**/models/*/*",
  "!**/models/*/index.server",
);
const aboveDomains = (domain) =>
  DOMAINS.slice(0, DOMAINS.indexOf(domain)).map((upper) =>
    ban(`app/models/${upper} sits above app/models/${domain} (docs/architecture.md "Models in domains"): move what you need down, or the call up.`, `~/models/${upper}/**`, `~/models/${upper}`),
  );
// Inside app/models a relative path stays in its folder: another domain is reached by its face's ~/ path.
const otherFolders = ban("A domain reaches another through ~/models/<domain>/index.server, never by a relative path.", "../**");
// Only the `~/` form: components/admin and the locales' admin/ folders share these names, so a relative path says nothing.
const above = (...folders) => folders.map((folder) => ban(`app/${folder} sits above this folder (docs/architecture.md).`, `~/${folder}/**`));

const layer = (files, patterns, extra = {}) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  ...extra,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, faceOnly, scripts, serverFolder] }] },
});

// Type-only imports are erased from the build, so a view may still name the type of a server answer or of the lazy
// form checks (a type import runs no code); a value import fails.
const typesOnly = (pattern) => ({ ...pattern, allowTypeImports: true });

export const layers = [
  layer(["app/**/*.{ts,tsx}"], []),
  layer(["app/shared/**"], [ban("app/shared is the ground floor: it imports nothing of ours but its own files.", "~/**", "../**")]),
  layer(["app/components/**"], [routes, typesOnly(entries), typesOnly(serverButModels), typesOnly(modelFaces), auth, ...above("admin", "cookies", "mail", "messages", "pdf", "api"), ...above("payments").map(typesOnly)]),
  layer(["app/utils/**"], [routes, entries, components, models, auth, ...above("admin", "cookies", "mail", "messages", "pdf", "payments", "api")]),
  layer(["app/payments/**"], [routes, entries, components, models, auth, ...above("admin", "cookies", "mail", "messages", "pdf", "api")]),
  // Models sit below auth (sessions read requests and cookies; models keep the rows), so they never import it.
  ...DOMAINS.map((domain) => layer([`app/models/${domain}/**`], [routes, entries, components, auth, otherFolders, ...aboveDomains(domain), ...above("admin", "api")])),
  layer(["app/models/*.{ts,tsx}"], [ban("app/models holds only its domains' folders: put a new model file in its domain (docs/architecture.md).", "**")]),
  layer(["app/cookies/**"], [routes, entries, components, models, auth, ...above("admin", "mail", "messages", "pdf", "payments", "api")]),
  layer(["app/i18n/**"], [routes, components, models, auth, ...above("admin", "cookies", "mail", "messages", "pdf", "payments", "api")], {
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/i18n/react.tsx"],
  }),
  layer(["app/auth/**", "app/admin/**", "app/api/**"], [routes, entries, typesOnly(components)]),
  // What is sent and printed takes plain input (the models shape it), so a template never reads the database or a session.
  layer(["app/mail/**", "app/messages/**", "app/pdf/**"], [routes, entries, typesOnly(components), models, auth, ...above("admin", "api")]),
  layer(["app/lazy/**"], [routes]),
  // Tests and the code outside app/ (server/, scripts/, prisma/, tests/) also meet a domain only at its face; a test
  // inside a domain may use its own files by relative path and any other domain's face, whatever the order, to set up.
  {
    files: ["**/*.test.{ts,tsx}", "server/**/*.ts", "server.ts", "scripts/**/*.ts", "prisma/**/*.ts", "tests/**/*.ts"],
    ignores: ["tests/e2e/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [faceOnly] }] },
  },
];
