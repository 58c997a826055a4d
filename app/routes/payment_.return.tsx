import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentResult } from "~/components/checkout/payment-result";
import { loadPaymentResult } from "~/models/payment-result.server";
import { pageMeta } from "~/utils/meta";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

/** A payment outcome page by `orderId`; the provider is asked before anything is shown. */
/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPaymentResult(request, context);
}

export default function PaymentResultPage() {
  const { state, orderId, orderNumber, tryAgainUrl } = useLoaderData<typeof loader>();
  return <PaymentResult state={state} orderId={orderId} orderNumber={orderNumber} tryAgainUrl={tryAgainUrl} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
