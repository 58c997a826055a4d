declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the per-request nonce that the Content-Security-Policy allows scripts to carry */
    cspNonce: string;
    /** the client's address as Express resolves it under TRUST_PROXY, for rate limits */
    clientIp?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
