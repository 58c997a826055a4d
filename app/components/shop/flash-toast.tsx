import { useTranslation } from "~/i18n/translation";
import { Toast } from "~/components/toast";
import { flashToast, type ShopFlash } from "~/shared/toast-messages";

/** A cart outcome as a toast, with SPEC section 9's duration for where it is shown. */
export function FlashToast({ flash, where }: { flash: ShopFlash; where: "grid" | "product" }) {
  const { t } = useTranslation();
  const toast = flashToast(flash, where);
  return <Toast message={t(toast.key)} kind={toast.kind} durationMs={toast.durationMs} />;
}
