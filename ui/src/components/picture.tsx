import { usePictureSource } from "../api/photos";

/** An item's picture: a web address, or one of PrestaLab's photos (read with the session). */
export function Picture({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const source = usePictureSource(url);
  if (!source)
    return <div role="img" aria-label={alt} aria-busy="true" className={`${className ?? ""} animate-pulse`} />;
  return <img src={source} alt={alt} className={className} />;
}
