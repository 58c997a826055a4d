import type { Visitor } from "./auth/visitor.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the per-request nonce that the Content-Security-Policy allows scripts to carry */
    cspNonce: string;
    /** the client's address as Express reads it through TRUST_PROXY hops, for rate limits */
    clientAddress?: string;
    /** the visitor as the shared-page cache read them for this request (server/page-cache.ts), when it did */
    visitor?: Visitor;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
