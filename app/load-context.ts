declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the per-request nonce that the Content-Security-Policy allows scripts to carry */
    cspNonce: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
