/**
 * The catalogue in a spreadsheet (issue 49) at 5,000 rows: 5,000 products added to the demo catalogue, the export
 * through the running server (< 3 s), then the same file with every one of those prices changed, imported as a dry
 * run and for real (< 10 s: the worst case, each row a product to write). One run each: the import changes the
 * catalogue, so a second run would import nothing.
 */
import type { BenchContext, BenchRow } from "../bench";

const PRODUCTS = 5_000;

/**
 * A request the pool may send on a kept-alive socket the server closed while the catalogue was being added (its
 * keep-alive ends after 5 s): sent once more on a new one.
 */
async function fetchAgain(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function adminCookie(baseUrl: string): Promise<string> {
  const response = await fetchAgain(`${baseUrl}/api/admin/timsar`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Connection: "close" },
    body: JSON.stringify({ email: process.env.BENCH_ADMIN_EMAIL ?? "admin@localhost", password: process.env.BENCH_ADMIN_PASSWORD ?? "bench-admin-password" }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

async function importTimed(url: string, cookie: string, csv: string): Promise<{ ms: number; answer: { updated?: number; errors?: unknown[] } }> {
  const body = new FormData();
  body.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
  const started = performance.now();
  const response = await fetch(url, { method: "POST", headers: { Cookie: cookie }, body });
  const answer = (await response.json()) as { updated?: number; errors?: unknown[] };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return { ms, answer };
}

export async function bench({ baseUrl, databaseUrl }: BenchContext): Promise<BenchRow[]> {
  process.env.DATABASE_URL = databaseUrl;
  const { prisma, prepareDatabase } = await import("../../app/db.server");
  await prepareDatabase();
  const category = await prisma.category.findFirstOrThrow({ where: { isVisible: true } });
  const ids = Array.from({ length: PRODUCTS }, (_, index) => `sheetbench${String(index).padStart(5, "0")}`);
  for (let start = 0; start < PRODUCTS; start += 500) {
    const batch = ids.slice(start, start + 500);
    await prisma.product.createMany({
      data: batch.map((id, index) => ({
        id,
        nameEn: `Sheet bow ${start + index}`,
        nameAr: `فيونكة ${start + index}`,
        descriptionEn: "A velvet bow, hand made in Kuwait.",
        descriptionAr: "فيونكة مخملية مصنوعة يدويًا في الكويت.",
        priceFils: 1250,
        stockQuantity: 5,
        imageUrl: "/uploads/catalogue/seed-product-01-main.webp",
        categoryId: category.id,
      })),
    });
    await prisma.productVariant.createMany({ data: batch.map((id) => ({ id, productId: id, sku: `SHEET-${id}`, priceFils: 1250, stockQuantity: 5 })) });
  }
  const cookie = await adminCookie(baseUrl);

  const started = performance.now();
  const exported = await fetchAgain(`${baseUrl}/api/admin/products/export.csv`, { headers: { Cookie: cookie } });
  const csv = await exported.text();
  const exportMs = Math.round(performance.now() - started);
  const lines = csv.split("\r\n").filter(Boolean);
  if (exported.status !== 200 || lines.length < PRODUCTS + 1) throw new Error(`export: ${exported.status}, ${lines.length} lines`);

  // Every added product's price from 1.250 to 1.500, as an Eid repricing would; the demo's own rows stay as they are.
  const edited = [lines[0], ...lines.slice(1).filter((line) => line.startsWith("sheetbench")).map((line) => line.replace(",1.250,", ",1.500,"))].join("\r\n");
  const dryRun = await importTimed(`${baseUrl}/api/admin/products/import?dryRun=1`, cookie, edited);
  const imported = await importTimed(`${baseUrl}/api/admin/products/import`, cookie, edited);
  if (imported.answer.updated !== PRODUCTS) throw new Error(`import updated ${imported.answer.updated} rows, not ${PRODUCTS}`);
  if ((await prisma.product.count({ where: { id: { startsWith: "sheetbench" }, priceFils: 1500 } })) !== PRODUCTS) throw new Error("the import did not write every price");
  await prisma.$disconnect();
  const [dryMs, importMs] = [Math.round(dryRun.ms), Math.round(imported.ms)];
  return [
    { name: `export.csv, ${lines.length - 1} rows`, value: exportMs, unit: "ms", target: "< 3000", ok: exportMs < 3000 },
    { name: `import dry run, ${PRODUCTS} rows changed`, value: dryMs, unit: "ms", target: "< 10000", ok: dryMs < 10000 },
    { name: `import, ${PRODUCTS} rows changed`, value: importMs, unit: "ms", target: "< 10000", ok: importMs < 10000 },
  ];
}
