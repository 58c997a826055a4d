export { exchangeDueOf, recordWhatsAppStatuses, smsChannel, viewInvoiceUrl, whatsAppChannel } from "./outbox-phone.server";
export { type MessageChannel, nudgeOutbox, onOutboxNudge, orderContacts, phoneChannelFor, queueEmail, queueOwnerAlert, queueShopperMessages, requeueMessage, shopperMessagesSelect, shownMessageKind } from "./outbox-write.server";
export { startSmsDeliveryPolling } from "./sms-delivery.server";
export { type HeldTemplate, heldWhatsAppTemplates, recordWhatsAppTemplateEvents } from "./whatsapp-template.server";
