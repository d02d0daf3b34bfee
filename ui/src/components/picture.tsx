import { isPhotoUrl } from "../../../src/domain/photos";
import { usePictureSource } from "../api/photos";

/** Whether a stored picture can be shown: a web address or one of PrestaLab's photos, never a `javascript:` or data URL. */
export function isShowablePicture(url: string | null | undefined): url is string {
  return url != null && (/^https?:\/\//i.test(url.trim()) || isPhotoUrl(url));
}

/** An item's picture: a web address, or one of PrestaLab's photos (read with the session). */
export function Picture({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const source = usePictureSource(url);
  if (!source)
    return <div role="img" aria-label={alt} aria-busy="true" className={`${className ?? ""} animate-pulse`} />;
  return <img src={source} alt={alt} className={className} />;
}
