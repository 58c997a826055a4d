import { ErrorPage } from "~/components/error-page";

/** Every unknown URL ends here, so the 404 is rendered inside the shop's shell with a real 404 status. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}

export function ErrorBoundary() {
  return <ErrorPage kind="notFound" />;
}
