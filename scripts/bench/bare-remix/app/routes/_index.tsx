import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "New Remix App" }, { name: "description", content: "Welcome to Remix!" }];

export function loader() {
  return { greeting: "Welcome to Remix" };
}

export default function Index() {
  const { greeting } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>{greeting}</h1>
      <ul>
        <li>
          <a href="https://remix.run/start/quickstart">5m Quick Start</a>
        </li>
        <li>
          <a href="https://remix.run/start/tutorial">30m Tutorial</a>
        </li>
        <li>
          <a href="https://remix.run/docs">Remix Docs</a>
        </li>
      </ul>
    </div>
  );
}
