/**
 * `npm run lighthouse`: Lighthouse 12 with its mobile defaults (a mid-range phone, simulated slow 4G) on the pages a
 * shopper meets first and My Orders, in Arabic and English, through Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 * Serves the production build on loopback with a fresh demo database, as `npm run bench` does, runs each page
 * RUNS times (default 3) and prints the median of each category score and of LCP, FCP, TBT and CLS, then the audits
 * that cost a page points. `npm run lighthouse -- home cart` runs only the pages named; LIGHTHOUSE_REPORTS=DIR keeps
 * every run's full report there as JSON, to read why an audit failed. The Remix v2 template's page (the bench's
 * baseline, scripts/bench/bare-remix) is measured in the same run as the row "bare-remix": what Remix itself scores
 * on this machine, beside which the shop's figures can be read.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { buildBareRemix, startBaseline } from "./bench/lib/baselines";
import { median } from "./bench/lib/median";
import { placeAndPay } from "./bench/lib/shop-day";
import { signedInCustomer } from "./bench/lib/signed-in-customer";
import { waitForServer } from "./bench/lib/wait-for-server";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const baseUrl = `http://127.0.0.1:${port}`;
const runs = Number(process.env.RUNS ?? 3);
const reportFolder = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const databaseFile = path.resolve("tests/.tmp/lighthouse.db");
const SESSION_SECRET = "lighthouse-session-secret-0123456789";
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseFile + suffix, { force: true });
fs.mkdirSync(path.dirname(databaseFile), { recursive: true });

buildBareRemix();
const bareRemixUrl = `http://127.0.0.1:${port + 1}`;
const bareRemix = startBaseline("remix", port + 1);

const server = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    DATABASE_URL: `file:${databaseFile}`,
    ADMIN_PASSWORD: "lighthouse-admin-password",
    SESSION_SECRET,
  },
  stdio: ["ignore", "ignore", "inherit"],
});

/** The cookies a browser holds after the form posts that put a product in the cart and choose guest checkout. */
async function shopperCookies(): Promise<{ cart: string; guest: string }> {
  const post = async (to: string, fields: Record<string, string>) => {
    const response = await fetch(baseUrl + to, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { origin: baseUrl } });
    return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  };
  const cart = (await post("/cart", { productId: "seed-product-03", intent: "add", source: "card", redirectTo: "/" })).find((cookie) => cookie.startsWith("cart="));
  const guest = (await post("/checkout", { intent: "guest" })).find((cookie) => cookie.startsWith("checkout_guest="));
  if (!cart || !guest) throw new Error("could not fill a cart and choose guest checkout");
  return { cart, guest };
}

/** The cookie of a signed-in customer whose My Orders lists two paid orders, placed and paid as a shopper does. */
async function customerWithOrders(): Promise<string> {
  process.env.DATABASE_URL = `file:${databaseFile}`;
  const { prisma } = await import("../app/db.server");
  const email = `lighthouse-${Date.now()}@shop.test`;
  const city = (await prisma.deliveryArea.findFirstOrThrow({ orderBy: { position: "asc" } })).nameEn;
  for (const productId of ["seed-product-03", "seed-product-01"]) await placeAndPay(baseUrl, { productId, city, email });
  const { customerId, cookie } = await signedInCustomer(prisma, { email, fullName: "Sara Ahmad", secret: SESSION_SECRET });
  await prisma.order.updateMany({ where: { email }, data: { customerId } });
  return cookie;
}

type Row = { page: string; language: string; scores: Record<string, number>; metrics: Record<string, number>; failing: Set<string> };

async function main() {
  await Promise.all([waitForServer(baseUrl), waitForServer(bareRemixUrl, "the bare Remix page", "/")]);
  const { cart, guest } = await shopperCookies();
  const customer = await customerWithOrders();
  const shopLanguages = ["ar", "en"];
  const pages: [string, string, string, string[]][] = [
    ["bare-remix", bareRemixUrl + "/", "", ["en"]],
    ["home", baseUrl + "/", "", shopLanguages],
    ["product", baseUrl + "/product/seed-product-03", "", shopLanguages],
    ["cart", baseUrl + "/cart", cart, shopLanguages],
    ["login", baseUrl + "/login", "", shopLanguages],
    ["checkout", baseUrl + "/checkout", `${cart}; ${guest}`, shopLanguages],
    ["my-orders", baseUrl + "/my-orders", customer, shopLanguages],
    ["tracking", baseUrl + "/view-invoice", "", shopLanguages],
  ];
  const only = process.argv.slice(2);
  // The full browser, which npm test no longer installs (its journeys run the headless shell, decision 0066).
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromePath)) throw new Error(`Lighthouse needs Chromium at ${chromePath}: apt-get install -y chromium (or set CHROME_PATH)`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows: Row[] = [];
  try {
    for (const [page, url, cookies, languages] of pages) {
      if (only.length && !only.includes(page)) continue;
      for (const language of languages) {
        const results: Result[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            extraHeaders: { Cookie: [`lang=${language}`, cookies].filter(Boolean).join("; ") },
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          if (reportFolder) {
            fs.mkdirSync(reportFolder, { recursive: true });
            fs.writeFileSync(path.join(reportFolder, `${page}-${language}-${run + 1}.json`), JSON.stringify(result.lhr));
          }
          results.push(result.lhr);
        }
        const failing = new Set<string>();
        for (const lhr of results) {
          for (const category of Object.values(lhr.categories)) {
            for (const ref of category.auditRefs) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.add(`${category.id}:${ref.id}`);
            }
          }
        }
        const metric = (id: string) => median(results.map((lhr) => lhr.audits[id].numericValue ?? 0));
        rows.push({
          page,
          language,
          scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((lhr) => Math.round((lhr.categories[id].score ?? 0) * 100)))])),
          metrics: {
            lcp: metric("largest-contentful-paint"),
            fcp: metric("first-contentful-paint"),
            tbt: metric("total-blocking-time"),
            cls: metric("cumulative-layout-shift"),
          },
          failing,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  process.stdout.write(`Lighthouse ${runs} runs per page, medians (mobile, simulated throttling)\n`);
  process.stdout.write("page       lang perf a11y bp  seo  LCP ms FCP ms TBT ms CLS\n");
  for (const row of rows) {
    const { scores: s, metrics: m } = row;
    process.stdout.write(
      `${row.page.padEnd(10)} ${row.language.padEnd(4)} ${[s.performance, s.accessibility, s["best-practices"], s.seo].map((v) => String(v).padEnd(4)).join(" ")} ` +
        `${String(Math.round(m.lcp)).padEnd(6)} ${String(Math.round(m.fcp)).padEnd(6)} ${String(Math.round(m.tbt)).padEnd(6)} ${m.cls.toFixed(3)}\n`,
    );
    if (row.failing.size) process.stdout.write(`           losing points on: ${[...row.failing].join(", ")}\n`);
  }
}

try {
  await main();
} finally {
  server.kill("SIGTERM");
  bareRemix.kill("SIGTERM");
}
