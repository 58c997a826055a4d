import { ErrorPage } from "~/components/error-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

/** Every unknown URL ends here, so the 404 is rendered inside the shop's shell with a real 404 status. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}

const notFound = () => <ErrorPage kind="notFound" />;

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={notFound} unexpectedErrorHandler={notFound} />;
}
