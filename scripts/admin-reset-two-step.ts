/**
 * npm run admin:reset-two-step -- --email owner@example.com
 *
 * Turns two-step sign-in off for one staff member, on the server, against DATABASE_URL: the way back for an owner who
 * lost the phone and the recovery codes when no other owner can reset it from the staff page (docs/go-live.md).
 * The member signs in with the password alone afterwards and can turn it on again; the activity log records it.
 */
import { resetTwoStepByEmail } from "../app/models/accounts/index.server";

const index = process.argv.indexOf("--email");
const email = index > 0 ? process.argv[index + 1] : undefined;
if (!email || email.startsWith("--")) {
  process.stderr.write("Usage: npm run admin:reset-two-step -- --email MEMBER_EMAIL\n");
  process.exit(2);
}
const outcome = await resetTwoStepByEmail(email);
if (outcome === "notFound") {
  process.stderr.write(`No staff member has the e-mail ${email}.\n`);
  process.exit(1);
}
process.stdout.write(outcome === "reset" ? `Two-step sign-in is off for ${email}: sign in with the password, then turn it on again.\n` : `Two-step sign-in was not on for ${email}; nothing to do.\n`);
process.exit(0);
