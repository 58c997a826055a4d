// CONTRACT.md gives NODE_ENV=production one meaning for operators: Secure cookies and HSTS. The built app
// always needs React's and Express's production code paths, so keep the operator's choice aside first.
process.env.SHOP_DEPLOY_ENV ??= process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";

export {};
