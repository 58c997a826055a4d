import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATABASE = "tests/.tmp/e2e.db";
// The loopback SMTP server of tests/setup/e2e-global.ts; the shop sends its account mails there.
export const E2E_SMTP_PORT = PORT + 1000;
export const E2E_MAILBOX_FILE = `tests/.tmp/e2e-mailbox-${PORT}.jsonl`;

// Debian's Chromium: no browser download is possible on these machines (docs/decisions/0002-browsers.md).
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/setup/e2e-global.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A shopper in Kuwait; tests that need another browser language set their own.
    locale: "ar-KW",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "tsx tests/setup/e2e-server.ts",
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATABASE_URL: `file:./${E2E_DATABASE}`,
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "admin-password-e2e",
      SESSION_SECRET: "e2e-session-secret-0123456789",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
