export { purgeExpired, startHousekeeping } from "./housekeeping.server";
export { drawMail } from "./outbox-mail.server";
export { CLAIM_MS, drainOutbox, startOutbox } from "./outbox.server";
