import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules in eslint.layers.js (docs/architecture.md): a file in each folder that imports from a floor above
 * fails `npm run lint`. Linted as text under a made-up path in that folder, so the rule cannot silently stop firing
 * (a renamed folder, a config object that no longer matches).
 */
const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the config, the parser and the plugins: 24 s on a busy machine (fresh clone fc12), past a
// test's 20 s. Done once here, under the hook's minute, so that no probe pays for it.
beforeAll(async () => {
  await eslint.lintText("export {};\n", { filePath: "app/shared/warm-up.ts" });
  await eslint.lintText("export {};\n", { filePath: "app/components/warm-up.tsx" });
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
}

/** A file in each folder importing what its floor may not: each must fail the lint. */
const FORBIDDEN: [string, string][] = [
  ["app/shared/new-rule.ts", `import { useTranslation } from "~/i18n/translation";\nexport const hook = useTranslation;\n`],
  ["app/shared/new-rule.ts", `import { x } from "../components/forms";\nexport const y = x;\n`],
  ["app/components/shop/new-view.tsx", `import { action } from "~/routes/cart";\nexport const a = action;\n`],
  ["app/components/shop/new-view.tsx", `import { getCartView } from "~/models/orders/index.server";\nexport const a = getCartView;\n`],
  ["app/components/shop/new-view.tsx", `import { useTranslation } from "~/i18n/react";\nexport const a = useTranslation;\n`],
  ["app/models/orders/new-model.server.ts", `import { Toast } from "~/components/toast";\nexport const a = Toast;\n`],
  ["app/payments/new-gateway.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
  ["app/utils/new-helper.ts", `import { placeOrder } from "~/models/orders/index.server";\nexport const a = placeOrder;\n`],
  ["app/cookies/new-cookie.server.ts", `import { getCartView } from "~/models/orders/index.server";\nexport const a = getCartView;\n`],
  ["app/i18n/new-detection.server.ts", `import { readCartLines } from "~/cookies/cart.server";\nexport const a = readCartLines;\n`],
  ["app/routes/new-page.tsx", `import { backup } from "../../scripts/lib/backup";\nexport const a = backup;\n`],
  ["app/messages/new-provider.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
  ["app/payments/new-gateway.server.ts", `import { sendSms } from "~/messages/kwtsms.server";\nexport const a = sendSms;\n`],
  // The models' domains (decision 0082): another domain's inner file, from anywhere outside its folder, tests and scripts included.
  ["app/routes/new-page.tsx", `import { getCartView } from "~/models/orders/cart.server";\nexport const a = getCartView;\n`],
  ["app/components/shop/new-view.tsx", `import type { CartLine } from "~/models/orders/cart.server";\nexport type A = CartLine;\n`],
  ["app/auth/new-guard.server.ts", `import { sessionKey } from "~/models/accounts/session-store.server";\nexport const a = sessionKey;\n`],
  ["app/models/returns/new-model.server.ts", `import { placeOrder } from "~/models/orders/order.server";\nexport const a = placeOrder;\n`],
  ["tests/integration/new-api.test.ts", `import { placeOrder } from "~/models/orders/order.server";\nexport const a = placeOrder;\n`],
  ["scripts/new-script.ts", `import { placeOrder } from "../app/models/orders/order.server";\nexport const a = placeOrder;\n`],
  ["server/new-job.ts", `import { startOutbox } from "../app/models/jobs/outbox.server";\nexport const a = startOutbox;\n`],
  // A domain that uses one above it: catalogue sits below orders, shop below everything.
  ["app/models/catalogue/new-model.server.ts", `import { placeOrder } from "~/models/orders/index.server";\nexport const a = placeOrder;\n`],
  ["app/models/shop/new-model.server.ts", `import { queueEmail } from "~/models/messaging/index.server";\nexport const a = queueEmail;\n`],
  // A relative path from one domain's folder into another's, even to its face.
  ["app/models/orders/new-model.server.ts", `import { optionTexts } from "../catalogue/index.server";\nexport const a = optionTexts;\n`],
  ["app/models/orders/new-model.server.ts", `import { optionTexts } from "../catalogue/product-variant.server";\nexport const a = optionTexts;\n`],
  // Its own domain by the ~/ path of an inner file: inside a domain its files are relative.
  ["app/models/orders/new-model.server.ts", `import { placeOrder } from "~/models/orders/order.server";\nexport const a = placeOrder;\n`],
  // Models never import auth (auth reads requests and sits above them).
  ["app/models/accounts/new-model.server.ts", `import { getCustomerFromRequest } from "~/auth/session.server";\nexport const a = getCustomerFromRequest;\n`],
  ["app/models/orders/new-model.server.ts", `import type { SignedInAdmin } from "~/auth/admin-session.server";\nexport type A = SignedInAdmin;\n`],
  // A model hands back the domain's data; app/api decides what a client sees (decision 0083), so no model imports it.
  ["app/models/orders/new-model.server.ts", `import { orderItemJson } from "~/api/answers/orders.server";\nexport const a = orderItemJson;\n`],
  ["app/models/returns/new-model.server.ts", `import type { ReturnJson } from "~/api/answers/returns.server";\nexport type A = ReturnJson;\n`],
  ["app/utils/new-helper.ts", `import { salesReportCsv } from "~/api/answers/reports.server";\nexport const a = salesReportCsv;\n`],
  // A new file beside the domains instead of in one.
  ["app/models/new-model.server.ts", `import { prisma } from "~/db.server";\nexport const a = prisma;\n`],
  // server/ starts the app and imports it, never the other way (issue 44), from any depth.
  ["app/routes/new-page.tsx", `import { pageCache } from "../../server/page-cache";\nexport const a = pageCache;\n`],
  ["app/utils/new-helper.ts", `import { logger } from "../../server/observability";\nexport const a = logger;\n`],
  ["app/entry.new.tsx", `import { pageCache } from "../server/page-cache";\nexport const a = pageCache;\n`],
  // A view in a subfolder reaching a route by a deeper relative path.
  ["app/components/admin/new-view.tsx", `import { loader } from "../../routes/cart";\nexport const a = loader;\n`],
  // Templates and documents take plain input: no model, session or admin handler (issue 44).
  ["app/mail/new-mail.server.ts", `import { getShopSettings } from "~/models/shop/index.server";\nexport const a = getShopSettings;\n`],
  ["app/pdf/new-document.server.ts", `import { getCustomerFromRequest } from "~/auth/session.server";\nexport const a = getCustomerFromRequest;\n`],
  ["app/messages/new-provider.server.ts", `import { productAction } from "~/admin/product-page.server";\nexport const a = productAction;\n`],
  // The other folders: each has a floor above it that it may not reach.
  ["app/admin/new-handler.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
  ["app/api/new-schema.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
  ["app/lazy/new-chunk.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
  ["app/auth/new-guard.server.ts", `import { useTranslation } from "~/i18n/react";\nexport const a = useTranslation;\n`],
];

describe("the house's layers", () => {
  it.each(FORBIDDEN)("%s: an import from a floor above fails the lint", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ["app/routes/new-page.tsx", `import { useTranslation } from "~/i18n/react";\nimport { getCartView } from "~/models/orders/index.server";\nexport const a = [useTranslation, getCartView];\n`],
    ["app/components/shop/new-view.tsx", `import { useTranslation } from "~/i18n/translation";\nimport type { CartView } from "~/shared/cart";\nexport const a = useTranslation;\nexport type B = CartView;\n`],
    ["app/components/shop/new-view.tsx", `import type { CartLine } from "~/models/orders/index.server";\nexport type A = CartLine;\n`],
    ["app/shared/new-rule.ts", `import { formatMoney } from "./money";\nexport const a = formatMoney;\n`],
    ["app/messages/new-provider.server.ts", `import { normalizeKuwaitiPhone } from "~/shared/phone";\nexport const a = normalizeKuwaitiPhone;\n`],
    ["app/models/orders/new-model.server.ts", `import { prisma } from "~/db.server";\nimport { formatMoney } from "~/shared/money";\nexport const a = [prisma, formatMoney];\n`],
    ["app/models/orders/new-model.server.ts", `import { optionTexts } from "~/models/catalogue/index.server";\nimport { placeOrder } from "./order.server";\nexport const a = [optionTexts, placeOrder];\n`],
    ["app/models/jobs/new-model.server.ts", `import { placeOrder } from "~/models/orders/index.server";\nimport { getShopSettings } from "~/models/shop/index.server";\nexport const a = [placeOrder, getShopSettings];\n`],
    ["app/auth/new-guard.server.ts", `import { sessionKey } from "~/models/accounts/index.server";\nexport const a = sessionKey;\n`],
    ["app/models/catalogue/new-model.server.test.ts", `import { placeOrder } from "~/models/orders/index.server";\nimport { getVisibleProduct } from "./product.server";\nexport const a = [placeOrder, getVisibleProduct];\n`],
    ["scripts/new-script.ts", `import { placeOrder } from "../app/models/orders/index.server";\nexport const a = placeOrder;\n`],
    // The answers read the models' faces; routes take the answers from app/api.
    ["app/api/answers/new-answer.server.ts", `import { getCoupon } from "~/models/orders/index.server";\nexport const a = getCoupon;\n`],
    ["app/routes/api.new-call.ts", `import { couponApiJson } from "~/api/answers/orders.server";\nexport const a = couponApiJson;\n`],
  ])("%s: imports that point down pass", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

it("probes every folder of app/ that holds code: a new folder gets its rule and a probe", () => {
  const probed = new Set(FORBIDDEN.map(([filePath]) => filePath.split("/")[1]));
  const holdsCode = (folder: string) => fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).some((name) => /\.tsx?$/.test(name));
  const folders = fs
    .readdirSync("app", { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "generated" && holdsCode(path.join("app", entry.name)))
    .map((entry) => entry.name);
  expect(folders.filter((folder) => !probed.has(folder))).toEqual([]);
});

describe("the journeys' fixture (tests/e2e/fixtures.ts, decision 0072)", () => {
  it.each([
    `import { expect, test } from "@playwright/test";\ntest("a", () => expect(1).toBe(1));\n`,
    `import { test } from "playwright/test";\ntest("a", () => {});\n`,
    `import * as playwright from "@playwright/test";\nplaywright.test("a", () => {});\n`,
  ])("a spec that takes Playwright's own test fails the lint: %s", async (code) => {
    expect(await layerErrors("tests/e2e/new-journey.spec.ts", code)).not.toEqual([]);
  });

  it("a spec that takes test from the fixture and types from Playwright passes", async () => {
    const code = `import type { Page } from "@playwright/test";\nimport { expect, test } from "./fixtures";\nexport const look = (page: Page) => expect(page).toHaveTitle("a");\ntest("a", () => {});\n`;
    expect(await layerErrors("tests/e2e/new-journey.spec.ts", code)).toEqual([]);
  });
});
