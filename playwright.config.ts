import { defineConfig, devices } from "@playwright/test";
import { E2E_ENGINE, e2eDatabaseUrl, e2ePostgresqlPort } from "./tests/support/e2e-engine";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATABASE = "tests/.tmp/e2e.db";
// The loopback SMTP server of tests/setup/e2e-global.ts; the shop sends its account mails there.
export const E2E_SMTP_PORT = PORT + 1000;
export const E2E_MAILBOX_FILE = `tests/.tmp/e2e-mailbox-${PORT}.jsonl`;
// The journeys that change the shop's settings take turns through this directory (tests/support/settings-turn.ts).
export const E2E_SETTINGS_TURN = `tests/.tmp/e2e-settings-turn-${PORT}`;
const SESSION_SECRET = "e2e-session-secret-0123456789";
/**
 * The journeys that give the shop delivery windows (the checkout then asks for one, issue 48). They run in projects
 * of their own, after the others: a checkout journey running beside them met "Please choose a delivery time" (fc22).
 */
const OWN_WINDOWS = /(gift-checkout|delivery-slots)\.spec\.ts$/;

/**
 * tests/e2e/gateways.spec.ts: the local fakes of MyFatoorah and Tap (tests/fakes/), each with a shop of its own
 * (PAYMENT_PROVIDER set, its own database), on ports next to E2E_PORT so parallel runs on other base ports never meet.
 */
export const GATEWAYS = {
  myfatoorah: {
    fakePort: PORT + 2,
    shopPort: PORT + 4,
    database: "tests/.tmp/e2e-myfatoorah.db",
    env: { MYFATOORAH_API_KEY: "e2e-myfatoorah-api-key-0123456789", MYFATOORAH_WEBHOOK_SECRET: "e2e-myfatoorah-webhook-secret" },
  },
  tap: {
    fakePort: PORT + 3,
    shopPort: PORT + 5,
    database: "tests/.tmp/e2e-tap.db",
    env: { TAP_SECRET_KEY: "sk_test_e2e_0123456789abcdef" },
  },
} as const;

/**
 * A shop's command: its log (JSON lines, one per request and one per error) goes to a file of its own, truncated at
 * the start, which scripts/test.sh prints the server errors of when a journey fails (a 500 is otherwise a mystery).
 */
const shopCommand = (port: number) => `mkdir -p tests/.tmp && tsx tests/setup/e2e-server.ts > tests/.tmp/e2e-server-${port}.log`;

const shopEnv = (port: number, database: string) => ({
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  // E2E_ENGINE=postgresql: a database of the run's cluster instead of the file (tests/support/e2e-engine.ts).
  DATABASE_URL: e2eDatabaseUrl(database),
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "admin-password-e2e",
  SESSION_SECRET,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  // Each browser context sends an address of its own (tests/e2e/fixtures.ts), as shoppers behind a proxy do.
  TRUST_PROXY: "1",
});

// Debian's Chromium: no browser download is possible on these machines (docs/decisions/0002-browsers.md). Its
// headless shell, the one Playwright itself runs headless: the full browser's headless mode spent about twice the
// CPU, and the journeys took 8.6 min instead of 4.2 on a 2-core machine (docs/decisions/0066).
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

/** E2E_ENGINE=postgresql: the throw-away cluster the shops' databases live in, started before them. */
const postgresqlCluster = {
  command: "tsx tests/setup/e2e-postgresql.ts",
  port: e2ePostgresqlPort(),
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/setup/e2e-global.ts",
  // One folder per engine: a run empties its folder first, and the SQLite run would wipe the PostgreSQL failures' screenshots.
  outputDir: E2E_ENGINE === "postgresql" ? "test-results/postgresql" : "test-results/sqlite",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The whole journeys (registration with the mailed code, a checkout through a gateway and its invoice, the admin's
  // catalogue round) take 20 to 28 s on a 2-core machine with both workers busy, and went past 30 s when anything
  // else ran beside them; a minute keeps a slow machine from failing a journey that works. Each step still waits
  // at most the expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A shopper in Kuwait; tests that need another browser language set their own.
    locale: "ar-KW",
    // Traces only when asked (E2E_TRACE=1): recording every journey cost about a sixth of the run's CPU (decision 0053).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium }, testIgnore: [/phone-width\.spec\.ts$/, OWN_WINDOWS] },
    // Client navigation fetching a page's texts, and errors thrown by the browser's code, exist only with JavaScript:
    // without it every page comes whole.
    // The gateway journeys go through the checkout form and the payment page, which checkout.spec.ts walks without
    // JavaScript too; what they add (the gateways' redirects, webhooks and refunds) is the server's, the same both ways.
    // Pages that are only read (the dashboard's figures, the digits, the Arabic pages, the legal and SEO pages and
    // their API) are the server's HTML either way: the run with JavaScript reads the same bytes, then hydrates them.
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: [/(area-texts|click-walk|gateways|dashboard|digits|arabic-pages|storefront-pages)\.spec\.ts$/, OWN_WINDOWS],
    },
    // After every other journey: while these offer delivery windows, a checkout elsewhere would have to choose one.
    { name: "js-windows", use: { ...chromium }, testMatch: OWN_WINDOWS, dependencies: ["js", "no-js"] },
    { name: "no-js-windows", use: { ...chromium, javaScriptEnabled: false }, testMatch: OWN_WINDOWS, dependencies: ["js", "no-js"] },
  ],
  // Started one after another, so only the first shop builds the app when the build is stale.
  webServer: [
    ...(E2E_ENGINE === "postgresql" ? [postgresqlCluster] : []),
    {
      command: shopCommand(PORT),
      url: `http://localhost:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: shopEnv(PORT, E2E_DATABASE),
    },
    {
      command: "tsx tests/fakes/myfatoorah.ts",
      url: `http://127.0.0.1:${GATEWAYS.myfatoorah.fakePort}/__state`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(GATEWAYS.myfatoorah.fakePort), ...GATEWAYS.myfatoorah.env },
    },
    {
      command: "tsx tests/fakes/tap.ts",
      url: `http://127.0.0.1:${GATEWAYS.tap.fakePort}/__state`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(GATEWAYS.tap.fakePort), ...GATEWAYS.tap.env },
    },
    {
      command: shopCommand(GATEWAYS.myfatoorah.shopPort),
      url: `http://localhost:${GATEWAYS.myfatoorah.shopPort}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...shopEnv(GATEWAYS.myfatoorah.shopPort, GATEWAYS.myfatoorah.database),
        ...GATEWAYS.myfatoorah.env,
        PAYMENT_PROVIDER: "myfatoorah",
        MYFATOORAH_BASE_URL: `http://127.0.0.1:${GATEWAYS.myfatoorah.fakePort}`,
      },
    },
    {
      command: shopCommand(GATEWAYS.tap.shopPort),
      url: `http://localhost:${GATEWAYS.tap.shopPort}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...shopEnv(GATEWAYS.tap.shopPort, GATEWAYS.tap.database),
        ...GATEWAYS.tap.env,
        PAYMENT_PROVIDER: "tap",
        TAP_BASE_URL: `http://127.0.0.1:${GATEWAYS.tap.fakePort}`,
      },
    },
  ],
});
