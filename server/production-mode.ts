import { keepStdoutJson } from "../app/utils/logger.server";

// CONTRACT.md gives NODE_ENV=production one meaning for operators: Secure cookies and HSTS. The built app
// always needs React's and Express's production code paths, so keep the operator's choice aside first.
process.env.SHOP_DEPLOY_ENV ??= process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";

// And with NODE_ENV=production every line on stdout is one JSON object, whoever writes it.
if (process.env.SHOP_DEPLOY_ENV === "production") keepStdoutJson();

export {};
