export { type AuditActor, audited, type AuditParams, auditQueryOf, auditText, deleteOldAuditEntries, listAuditEntries, recordAccess, recordAudit } from "./audit.server";
export { cachedCatalogue } from "./catalogue-cache.server";
export { type CatalogueScope, sharedCatalogueVersion, sharedDatabaseVersion } from "./database-version.server";
export { createDeliveryArea, type DeliveryArea, type DeliveryAreaInput, findOrderableArea, getDeliveryArea, getDeliveryAreaById, listDeliveryAreas, listDeliveryAreasForOwner, orderableAreaIn, removeDeliveryArea, updateDeliveryArea } from "./delivery-area.server";
export { releaseJobLease, runExclusively, startTimedJob, takeJobLease, THIS_PROCESS, waitForTurn } from "./job-lease.server";
export { type Budget, deviceKey, giveBackRateLimitHit, type GuessBudgets, hitDeviceLimit, hitGuessLimits, hitRateLimit, type KnownDevice, lockoutKey, ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS, type RateLimitResult, resetRateLimit, secondsRateLimited } from "./rate-limit.server";
export { DEFAULT_DELIVERY_DAYS, getPlacingSettings, getShopFace, getShopSettings, identityMissing, ownerAlertsPhoneIn, saveShopSettings, type ShopFace, shopHostName, shopNameFor, shopNames, type ShopSettings } from "./settings.server";
export { ProductParamsSchema } from "./storefront-input.server";
export { getDeliverySlotSettings, saveDeliverySlotSettings } from "./delivery-window.server";
