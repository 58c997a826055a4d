/**
 * The product page's thumbnails without JavaScript (probe 1, finding 4): a thumbnail shows another picture of the
 * variant the shopper chose, and never changes which variant goes into the cart.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { ProductGallery } from "./product-gallery";

async function galleryAt(url: string) {
  const Page = () => <ProductGallery images={["/a.webp", "/b.webp", "/c.webp"]} name="Satin bow" initialIndex={0} />;
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/product/:id", Component: Page }]);
  const context = await query(new Request(url));
  if (context instanceof Response) throw new Error("the page should not redirect");
  return renderToString(
    <I18nProvider language="ar" messages={resources.ar.translation}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </I18nProvider>,
  );
}

const thumbnailLinks = (html: string) => [...html.matchAll(/href="([^"]*)"[^>]*data-testid="thumbnail"/g)].map((found) => found[1].replaceAll("&amp;", "&"));

describe("the product gallery's thumbnails without JavaScript", () => {
  it("keep the chosen variant and the rest of the query, changing only the picture", async () => {
    const html = await galleryAt("http://shop.test/product/clip?variant=blue-small&image=3&utm_source=ig");
    expect(thumbnailLinks(html)).toEqual([
      "?variant=blue-small&image=1&utm_source=ig",
      "?variant=blue-small&image=2&utm_source=ig",
      "?variant=blue-small&image=3&utm_source=ig",
    ]);
  });

  it("link to ?image=N alone on a product page without a query", async () => {
    expect(thumbnailLinks(await galleryAt("http://shop.test/product/clip"))).toEqual(["?image=1", "?image=2", "?image=3"]);
  });
});
