import { useState, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "~/i18n/translation";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";

/**
 * The product's pictures: hidden `images[n]` inputs (first = main image). With JavaScript each chosen file is
 * sent at once to POST /api/upload and its URL joins the list; without it the file field goes with the form
 * and the page's action stores the picture the same way, then shows the form again. The list is the product form's,
 * which offers the same pictures for its variants.
 */
export function ImageList({
  images,
  setImages,
  errorId,
  errors,
}: {
  images: string[];
  setImages: Dispatch<SetStateAction<string[]>>;
  errorId: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const body = new FormData();
      body.append("image", file);
      const response = await fetch("/api/upload", { method: "POST", body, credentials: "same-origin" });
      const data = (await response.json()) as { imageUrl?: string; message?: string };
      if (response.ok && data.imageUrl) setImages((current) => [...current, data.imageUrl!]);
      else setUploadError(data.message ?? t("admin.products.createFailed"));
    } catch {
      setUploadError(t("admin.products.createFailed"));
    } finally {
      input.value = "";
      setUploading(false);
    }
  }

  return (
    <fieldset className="admin-fieldset" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{t("admin.productForm.images")}</legend>
      <p className="field__hint">{t("admin.productForm.imagesHint")}</p>
      <ul className="admin-images" data-testid="product-images">
        {images.map((url, index) => (
          <li key={url} className="admin-images__item">
            <input type="hidden" name={`images[${index}]`} value={url} />
            <img src={url} alt={t("admin.productForm.imageAlt", { number: index + 1 })} width={96} height={96} />
            {index === 0 ? <span className="admin-images__main">{t("admin.productForm.mainImage")}</span> : null}
            <div className="admin-images__actions">
              {index > 0 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`main-image:${url}`}
                  className="button button--secondary button--small"
                  onClick={(event) => {
                    event.preventDefault();
                    setImages((current) => [url, ...current.filter((item) => item !== url)]);
                  }}
                >
                  {t("admin.productForm.makeMain")}
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value={`remove-image:${url}`}
                className="button button--secondary button--small"
                onClick={(event) => {
                  event.preventDefault();
                  setImages((current) => current.filter((item) => item !== url));
                }}
              >
                {t("admin.productForm.removeImage")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor="image-file">{t("admin.productForm.chooseImage")}</label>
        <input
          id="image-file"
          type="file"
          name="imageFile"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => void upload(event.currentTarget)}
        />
      </div>
      {hydrated ? (
        uploading ? (
          <p role="status">{t("admin.productForm.uploading")}</p>
        ) : null
      ) : (
        <button type="submit" name="intent" value="upload" className="button button--secondary" formNoValidate>
          {t("admin.productForm.upload")}
        </button>
      )}
      {uploadError ? (
        <p className="form-message" role="alert">
          {uploadError}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
