/**
 * The product page's facts after the shopper chose a variant (probe 1, finding 5): they name the chosen variant's
 * values, not the product's older single colour, which said "Colour: Pink" below a chosen "Colour: Blue".
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { loader } from "~/routes/product.$id";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { ProductFacts } from "./product-facts";

const pink = { en: "Pink", ar: "وردي" };
const blue = { en: "Blue", ar: "أزرق" };
const small = { en: "S", ar: "صغير" };

type PageProduct = Parameters<typeof ProductFacts>[0];

async function factsAt(url: string, productId: string, language: "ar" | "en") {
  const answer = (await loader({ request: new Request(url, { headers: { Cookie: `lang=${language}` } }), params: { id: productId }, context: { cspNonce: "" } })) as unknown as {
    data: { product: PageProduct };
  };
  const { color, level, options, choices } = answer.data.product;
  const html = renderToString(
    <I18nProvider language={language} messages={resources[language].translation}>
      <ProductFacts color={color} level={level} options={options} choices={choices} />
    </I18nProvider>,
  );
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((found) => `${found[1]}: ${found[2]}`);
}

describe("the product page's facts", () => {
  it("name the chosen variant's values in place of the product's single colour, in both languages", async () => {
    const { product, variants } = await createProductWithOptions(
      prisma,
      [
        { nameEn: "Colour", nameAr: "اللون", values: [pink, blue] },
        { nameEn: "Size", nameAr: "المقاس", values: [small] },
      ],
      [
        { optionValues: [pink, small], priceFils: 1000, stockQuantity: 2 },
        { optionValues: [blue, small], priceFils: 1000, stockQuantity: 2 },
      ],
    );
    await prisma.product.update({ where: { id: product.id }, data: { colorNameEn: "Pink", colorNameAr: "وردي", colorLevelEn: null, colorLevelAr: null } });
    const url = `http://shop.test/product/${product.id}?variant=${variants[1].id}`;
    expect(await factsAt(url, product.id, "en")).toEqual(["Colour: Blue", "Size: S"]);
    expect(await factsAt(url, product.id, "ar")).toEqual(["اللون: أزرق", "المقاس: صغير"]);
  });

  it("keep the single colour of a product without options", async () => {
    const product = await createProduct(prisma);
    await prisma.product.update({ where: { id: product.id }, data: { colorNameEn: "Pink", colorNameAr: "وردي", colorLevelEn: null, colorLevelAr: null } });
    expect(await factsAt(`http://shop.test/product/${product.id}`, product.id, "en")).toEqual(["Colour: Pink"]);
  });
});
