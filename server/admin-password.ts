import fs from "node:fs";
import path from "node:path";
import { logger } from "../app/utils/logger.server";

/**
 * The password made for the owner's account at the first start goes to `data/admin-password.txt`, readable by the
 * shop's user only, and the log says where: a log is kept and shipped elsewhere, so a password must never be in it
 * (CONTRACT.md, ADMIN_PASSWORD).
 */
export function keepGeneratedPassword(dataDir: string, admin: { email: string; generatedPassword: string | null }): void {
  if (!admin.generatedPassword) return;
  const file = path.join(dataDir, "admin-password.txt");
  fs.mkdirSync(dataDir, { recursive: true });
  // A file left from an earlier database may have a wider mode, which writing into it would keep: make it anew.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${admin.generatedPassword}\n`, { mode: 0o600, flag: "wx" });
  logger.info(
    { email: admin.email, passwordFile: file },
    `Administrator created: ${admin.email}; its password is in ${file} (set ADMIN_PASSWORD to choose your own)`,
  );
}
