/**
 * The catalogue in a spreadsheet (issue 49) at 5,000 rows: 5,000 products added to the demo catalogue, the export
 * through the running server (< 3 s), then the same file with every one of those prices changed, imported as a dry
 * run and for real (< 10 s: each row a product to write). Medians of three rounds, each round's file moving every
 * price one step further, so that each import has 5,000 rows to write.
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

  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  const exports: number[] = [];
  const dryRuns: number[] = [];
  const imports: number[] = [];
  let rowCount = 0;
  // Three rounds, each moving every added product's price one step (1.250 → 1.500 → 1.750 → 2.000, as an Eid
  // repricing would) from the file the round's export wrote; the demo's own rows are left out of the file.
  for (const [round, [from, to]] of [["1.250", "1.500"], ["1.500", "1.750"], ["1.750", "2.000"]].entries()) {
    const started = performance.now();
    const exported = await fetchAgain(`${baseUrl}/api/admin/products/export.csv`, { headers: { Cookie: cookie } });
    const csv = await exported.text();
    exports.push(performance.now() - started);
    const lines = csv.split("\r\n").filter(Boolean);
    if (exported.status !== 200 || lines.length < PRODUCTS + 1) throw new Error(`export: ${exported.status}, ${lines.length} lines`);
    rowCount = lines.length - 1;
    const edited = [lines[0], ...lines.slice(1).filter((line) => line.startsWith("sheetbench")).map((line) => line.replace(`,${from},`, `,${to},`))].join("\r\n");
    const dryRun = await importTimed(`${baseUrl}/api/admin/products/import?dryRun=1`, cookie, edited);
    const imported = await importTimed(`${baseUrl}/api/admin/products/import`, cookie, edited);
    dryRuns.push(dryRun.ms);
    imports.push(imported.ms);
    if (imported.answer.updated !== PRODUCTS) throw new Error(`round ${round + 1}: the import updated ${imported.answer.updated} rows, not ${PRODUCTS}`);
    const priceFils = Number(to.replace(".", ""));
    if ((await prisma.product.count({ where: { id: { startsWith: "sheetbench" }, priceFils } })) !== PRODUCTS) throw new Error(`round ${round + 1}: the import did not write every price`);
  }
  await prisma.$disconnect();
  const [exportMs, dryMs, importMs] = [median(exports), median(dryRuns), median(imports)];
  return [
    { name: `export.csv, ${rowCount} rows (median of 3)`, value: exportMs, unit: "ms", target: "< 3000", ok: exportMs < 3000 },
    { name: `import dry run, ${PRODUCTS} rows changed (median of 3)`, value: dryMs, unit: "ms", target: "< 10000", ok: dryMs < 10000 },
    { name: `import, ${PRODUCTS} rows changed (median of 3)`, value: importMs, unit: "ms", target: "< 10000", ok: importMs < 10000 },
  ];
}
