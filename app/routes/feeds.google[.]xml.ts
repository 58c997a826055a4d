import type { LoaderFunctionArgs } from "@remix-run/node";
import { productFeedResponse } from "~/api/answers/feeds.server";

/** Google Merchant Center's product feed (CONTRACT.md "Product feeds"): RSS 2.0, one item per variant, `?lang=ar|en`. */
export function loader({ request }: LoaderFunctionArgs) {
  return productFeedResponse(request, "google");
}
