declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the per-request nonce that the Content-Security-Policy allows scripts to carry */
    cspNonce: string;
    /** the client's address as Express reads it through TRUST_PROXY hops, for rate limits */
    clientAddress?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
