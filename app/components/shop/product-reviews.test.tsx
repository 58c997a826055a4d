/**
 * Reviews as the product page shows them (probe 1, finding 10): what a shopper or the owner wrote keeps its own
 * direction, so an English sentence on an Arabic page is not reordered around its full stops.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { ProductReviews, type ShownReviews } from "./product-reviews";

const reviews: ShownReviews = {
  average: 4,
  count: 1,
  stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
  page: 1,
  pageCount: 1,
  reviews: [
    {
      id: "r1",
      rating: 4,
      title: "Lovely",
      body: "The colour is lovely but it is smaller than I expected. لون جميل لكنه صغير.",
      authorName: "Huda",
      language: "ar",
      createdAt: "2026-11-30T10:00:00.000Z",
      photoUrl: null,
      reply: { body: "Thank you! شكرًا لك.", at: "2026-11-30T12:00:00.000Z" },
    },
  ],
};

async function reviewsSection() {
  const Page = () => <ProductReviews reviews={reviews} language="ar" pageQuery={(page) => `?reviews=${page}`} />;
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/", Component: Page }]);
  const context = await query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("the page should not redirect");
  return renderToString(
    <I18nProvider language="ar" messages={resources.ar.translation}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </I18nProvider>,
  );
}

describe("the product page's reviews", () => {
  it("show each title, body and reply in the direction it was written in", async () => {
    const html = await reviewsSection();
    expect(html).toContain('<h3 dir="auto">Lovely</h3>');
    expect(html).toContain('<p dir="auto">The colour is lovely but it is smaller than I expected. لون جميل لكنه صغير.</p>');
    expect(html).toContain('<p dir="auto">Thank you! شكرًا لك.</p>');
    expect(html).toContain("<bdi>Huda</bdi>");
  });
});
