/**
 * The bench's baseline (scripts/bench/storefront.ts): a Remix v2 app with nothing in it but what the Remix
 * template has, built with the same compiler and future flags as the shop, so the shop's pages can be reported as
 * a share of what Remix itself serves on this machine.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "../../../tests/.tmp/bare-remix/build/index.js",
  assetsBuildDirectory: "../../../tests/.tmp/bare-remix/public/build",
  cacheDirectory: "../../../tests/.tmp/bare-remix/.cache",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
