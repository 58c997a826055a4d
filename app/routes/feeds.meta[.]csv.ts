import type { LoaderFunctionArgs } from "@remix-run/node";
import { productFeedResponse } from "~/api/answers/feeds.server";

/** Meta's catalogue feed for Facebook and Instagram shops (CONTRACT.md "Product feeds"): CSV, one row per variant, `?lang=ar|en`. */
export function loader({ request }: LoaderFunctionArgs) {
  return productFeedResponse(request, "meta");
}
