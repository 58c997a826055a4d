/**
 * Product options (issue 31): a product of 20 variants (4 colours × 5 sizes) against a product without options, in
 * the same run, on the same server. The product page, rendered each time (every request's address is new, so no
 * answer comes from the page cache) and as most shoppers get it (cached), and order placing through the model
 * function, 16 buyers at a time, each order of one variant chosen in turn. The issue asks both within 10 % of the
 * product without options: a ratio of at least 0.9.
 */
import autocannon from "autocannon";
import type { BenchContext, BenchRow } from "../bench";
import { median } from "./lib/median";
import { checkoutDetails } from "../../tests/factories/order";

const RUNS = 3;
const DURATION_S = 5;
const WARM_UP_S = 5;
const CONNECTIONS = 10;
const ORDERS = 400;
const CONCURRENCY = 16;
const COLOURS = [
  { en: "Red", ar: "أحمر" },
  { en: "Blue", ar: "أزرق" },
  { en: "Pink", ar: "وردي" },
  { en: "White", ar: "أبيض" },
];
const SIZES = ["XS", "S", "M", "L", "XL"].map((size) => ({ en: size, ar: size }));

/** Requests a second at `path`, the median of RUNS after a warm-up; `fresh`: each request's address is new. */
async function pageRate(baseUrl: string, path: string, fresh: boolean): Promise<number> {
  let sent = 0;
  const join = path.includes("?") ? "&" : "?";
  const requests = fresh ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${path}${join}fresh=${++sent}` }) }] : undefined;
  const options = { url: `${baseUrl}${path}`, connections: CONNECTIONS, headers: { "accept-encoding": "gzip, deflate, br" }, requests };
  await autocannon({ ...options, duration: WARM_UP_S });
  const results: autocannon.Result[] = [];
  for (let run = 0; run < RUNS; run++) results.push(await autocannon({ ...options, duration: DURATION_S }));
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`${path}: ${failed} requests failed`);
  return Math.round(median(results.map((result) => result.requests.average)));
}

export async function bench({ baseUrl, databaseUrl }: BenchContext): Promise<BenchRow[]> {
  process.env.DATABASE_URL = databaseUrl;
  const { prisma, prepareDatabase } = await import("../../app/db.server");
  const { placeOrder } = await import("../../app/models/orders/index.server");
  await prepareDatabase();

  const area = await prisma.deliveryArea.findFirstOrThrow({ orderBy: { position: "asc" } });
  const category = await prisma.category.findFirstOrThrow();
  const stock = ORDERS * 4;
  const base = { nameEn: "Bench Clip", nameAr: "مشبك تجربة", descriptionEn: "A clip", descriptionAr: "مشبك", priceFils: 1250, imageUrl: "/images/products/bow-pink.svg", categoryId: category.id };
  const plain = await prisma.product.create({ data: { ...base, stockQuantity: stock } });
  await prisma.productVariant.create({ data: { id: plain.id, productId: plain.id, priceFils: base.priceFils, stockQuantity: stock } });
  const combinations = COLOURS.flatMap((colour) => SIZES.map((size) => [colour, size]));
  const withOptions = await prisma.product.create({ data: { ...base, hasOptions: true, stockQuantity: stock * combinations.length } });
  await prisma.productOption.createMany({
    data: [
      { productId: withOptions.id, position: 0, nameEn: "Colour", nameAr: "اللون", values: COLOURS },
      { productId: withOptions.id, position: 1, nameEn: "Size", nameAr: "المقاس", values: SIZES },
    ],
  });
  await prisma.productVariant.createMany({
    data: combinations.map((optionValues, position) => ({
      productId: withOptions.id,
      position,
      sku: `CLIP-${position}`,
      optionValues,
      priceFils: base.priceFils + (position % 3) * 250,
      stockQuantity: stock,
    })),
  });
  const variants = await prisma.productVariant.findMany({ where: { productId: withOptions.id }, orderBy: { position: "asc" }, select: { id: true } });
  const chosen = variants[7].id;

  const rendered = {
    plain: await pageRate(baseUrl, `/product/${plain.id}`, true),
    variants: await pageRate(baseUrl, `/product/${withOptions.id}?variant=${chosen}`, true),
  };
  const cached = {
    plain: await pageRate(baseUrl, `/product/${plain.id}`, false),
    variants: await pageRate(baseUrl, `/product/${withOptions.id}?variant=${chosen}`, false),
  };

  const details = checkoutDetails(area.nameEn, { email: "bench@example.com" });
  async function ordersPerSecond(line: (index: number) => { productId: string; variantId?: string }) {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS) {
          const index = next++;
          await placeOrder({ details, lines: [{ ...line(index), quantity: 1, customTags: [] }], customerId: null, language: "ar", couponCode: null });
        }
      }),
    );
    return Math.round(ORDERS / ((performance.now() - started) / 1000));
  }
  const orders = {
    plain: await ordersPerSecond(() => ({ productId: plain.id })),
    variants: await ordersPerSecond((index) => ({ productId: withOptions.id, variantId: variants[index % variants.length].id })),
  };
  await prisma.$disconnect();

  const row = (name: string, figures: { plain: number; variants: number }, unit: string): BenchRow[] => {
    const ratio = Math.round((figures.variants / figures.plain) * 100) / 100;
    return [
      { name: `${name}, no options`, value: figures.plain, unit, target: "baseline of the same run", ok: true },
      { name: `${name}, 20 variants`, value: figures.variants, unit, target: "", ok: true },
      { name: `${name}, 20 variants ÷ no options`, value: ratio, unit: "ratio", target: "≥ 0.9", ok: ratio >= 0.9 },
    ];
  };
  return [...row("product page rendered", rendered, "req/s"), ...row("product page cached", cached, "req/s"), ...row("order placing", orders, "orders/s")];
}
