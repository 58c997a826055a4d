import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct } from "../../tests/factories/product";
import { loader } from "./sitemap[.]xml";

describe("the sitemap", () => {
  it("lists a product's pictures and its Arabic and English addresses, and no hidden product", async () => {
    const product = await createProduct(prisma, {});
    await prisma.productImage.create({ data: { productId: product.id, url: "/uploads/products/second.webp", position: 1 } });
    const hidden = await createProduct(prisma, { isVisible: false });
    const xml = await (await loader()).text();
    const entry = xml.split("<url>").find((part) => part.includes(`/product/${product.id}</loc>`));
    expect(entry).toBeDefined();
    expect(entry).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="ar" href="[^"]+/product/${product.id}\\?lang=ar"/>`));
    expect(entry).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="en" href="[^"]+/product/${product.id}\\?lang=en"/>`));
    expect(entry).toMatch(/<image:image><image:loc>https?:\/\/[^<]+\/uploads\/catalogue\/seed-product-01-main\.webp<\/image:loc><\/image:image>/);
    expect(entry).toContain("/uploads/products/second.webp</image:loc>");
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).not.toContain(`/product/${hidden.id}<`);
    // The legal pages have their own /ar/ addresses and list no ?lang= ones.
    expect(xml).not.toContain("terms-and-conditions?lang=");
  });
});
