import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules in eslint.layers.js (docs/architecture.md): a file in each folder that imports from a floor above
 * fails `npm run lint`. Linted as text under a made-up path in that folder, so the rule cannot silently stop firing
 * (a renamed folder, a config object that no longer matches).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
}

describe("the house's layers", () => {
  it.each([
    ["app/shared/new-rule.ts", `import { useTranslation } from "~/i18n/translation";\nexport const hook = useTranslation;\n`],
    ["app/shared/new-rule.ts", `import { x } from "../components/forms";\nexport const y = x;\n`],
    ["app/components/shop/new-view.tsx", `import { action } from "~/routes/cart";\nexport const a = action;\n`],
    ["app/components/shop/new-view.tsx", `import { getCartView } from "~/models/cart.server";\nexport const a = getCartView;\n`],
    ["app/components/shop/new-view.tsx", `import { useTranslation } from "~/i18n/react";\nexport const a = useTranslation;\n`],
    ["app/models/new-model.server.ts", `import { Toast } from "~/components/toast";\nexport const a = Toast;\n`],
    ["app/payments/new-gateway.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
    ["app/utils/new-helper.ts", `import { placeOrder } from "~/models/order.server";\nexport const a = placeOrder;\n`],
    ["app/cookies/new-cookie.server.ts", `import { getCartView } from "~/models/cart.server";\nexport const a = getCartView;\n`],
    ["app/i18n/new-detection.server.ts", `import { readCartLines } from "~/cookies/cart.server";\nexport const a = readCartLines;\n`],
    ["app/routes/new-page.tsx", `import { backup } from "../../scripts/lib/backup";\nexport const a = backup;\n`],
    ["app/messages/new-provider.server.ts", `import { loader } from "~/routes/cart";\nexport const a = loader;\n`],
    ["app/payments/new-gateway.server.ts", `import { sendSms } from "~/messages/kwtsms.server";\nexport const a = sendSms;\n`],
  ])("%s: an import from a floor above fails the lint", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ["app/routes/new-page.tsx", `import { useTranslation } from "~/i18n/react";\nimport { getCartView } from "~/models/cart.server";\nexport const a = [useTranslation, getCartView];\n`],
    ["app/components/shop/new-view.tsx", `import { useTranslation } from "~/i18n/translation";\nimport type { CartView } from "~/shared/cart";\nexport const a = useTranslation;\nexport type B = CartView;\n`],
    ["app/components/shop/new-view.tsx", `import type { CartLine } from "~/models/cart.server";\nexport type A = CartLine;\n`],
    ["app/shared/new-rule.ts", `import { formatMoney } from "./money";\nexport const a = formatMoney;\n`],
    ["app/messages/new-provider.server.ts", `import { normalizeKuwaitiPhone } from "~/shared/phone";\nexport const a = normalizeKuwaitiPhone;\n`],
    ["app/models/new-model.server.ts", `import { prisma } from "~/db.server";\nimport { formatMoney } from "~/shared/money";\nexport const a = [prisma, formatMoney];\n`],
  ])("%s: imports that point down pass", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
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
