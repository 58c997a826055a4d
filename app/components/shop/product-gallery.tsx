import { useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";

/**
 * The main image with a click-to-zoom overlay and the thumbnails (main first, gallery after, no duplicates).
 * Without JavaScript a thumbnail is a link to ?image=N, keeping the rest of the query (the chosen `variant` above
 * all, or the picture would change the variant that goes into the cart), and the main image links to the full
 * picture; with it, both act in place and the overlay is a modal <dialog> (Escape or the close button, focus returns).
 */
export function ProductGallery({ images, name, initialIndex }: { images: string[]; name: string; initialIndex: number }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(Math.min(initialIndex, images.length - 1));
  const zoom = useRef<HTMLDialogElement>(null);
  const current = images[index];
  const { search } = useLocation();
  const imageHref = (position: number) => {
    const query = new URLSearchParams(search);
    query.set("image", String(position + 1));
    return `?${query}`;
  };
  return (
    <div className="gallery">
      <a
        href={current}
        className="gallery__main"
        aria-label={t("shop.product.zoom")}
        aria-haspopup="dialog"
        data-testid="zoom-open"
        onClick={(event) => {
          event.preventDefault();
          zoom.current?.showModal();
        }}
      >
        {/* React 18 knows the attribute only in lower case: `fetchPriority` warns on every render of the page. */}
        <img src={current} alt={name} width={800} height={800} {...{ fetchpriority: "high" }} data-testid="main-image" />
      </a>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={t("shop.product.images")}>
          {images.map((image, position) => (
            <li key={image}>
              <a
                href={imageHref(position)}
                className="gallery__thumb"
                aria-current={position === index ? "true" : undefined}
                aria-label={t("shop.product.showImage", { number: position + 1 })}
                data-testid="thumbnail"
                onClick={(event) => {
                  event.preventDefault();
                  setIndex(position);
                }}
              >
                <img src={image} alt="" width={72} height={72} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog ref={zoom} className="zoom" aria-label={name} data-testid="zoom-overlay" onClick={(event) => {
        if (event.target === event.currentTarget) zoom.current?.close();
      }}>
        <button type="button" className="zoom__close" onClick={() => zoom.current?.close()} aria-label={t("shop.product.closeZoom")} data-testid="zoom-close">
          ×
        </button>
        <img src={current} alt={name} width={800} height={800} />
      </dialog>
    </div>
  );
}
