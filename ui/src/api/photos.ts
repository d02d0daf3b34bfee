import { useEffect, useState } from "react";
import { isPhotoUrl } from "../../../src/domain/photos";
import { ApiError, getToken } from "../lib/api";

export interface SavedPhoto {
  id: number;
  url: string;
}

function authorization(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Sends a photo as a form (`file`, plus `unita_id` for a unit's) to an item's or a fault report's photos. */
export async function uploadPhoto(path: string, file: File, fields: Record<string, string> = {}): Promise<SavedPhoto> {
  const form = new FormData();
  form.set("file", file);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, headers: authorization() });
  } catch {
    throw new ApiError(0, "Errore di connessione. Riprova più tardi.", {});
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new ApiError(response.status, typeof body.error === "string" ? body.error : "Foto non caricata", body);
  return body as unknown as SavedPhoto;
}

/**
 * What an <img> can show for a picture: a web address as it is; one of PrestaLab's photos read with the
 * session's token (an <img> sends none) and shown from memory. Null while it loads or when it failed.
 */
export function usePictureSource(url: string | null | undefined): string | null {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!isPhotoUrl(url)) {
      setSource(url ?? null);
      return;
    }
    let shown: string | null = null;
    let cancelled = false;
    setSource(null);
    fetch(url, { headers: authorization() })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (cancelled || !blob) return;
        shown = URL.createObjectURL(blob);
        setSource(shown);
      })
      .catch(() => setSource(null));
    return () => {
      cancelled = true;
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [url]);
  return source;
}
