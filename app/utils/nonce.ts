import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

/** The CSP nonce only matters while the server renders; in the browser it is undefined and unused. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
