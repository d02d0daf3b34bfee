import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isPhotoUrl } from "../../../src/domain/photos";
import { ApiError, answerOf, getToken, server } from "../lib/api";
import { inventarioKeys } from "./inventario";

export interface SavedPhoto {
  id: number;
  url: string;
}

/** One of an item's photos: `unita_id` names the unit it shows, null for the whole item. */
export interface ItemPhoto extends SavedPhoto {
  unita_id: number | null;
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

/** Where an item's photo list is kept: under the item's key, so that a write on the item refreshes it. */
export const itemPhotosKey = (itemId: number) => [...inventarioKeys.item(itemId), "foto"] as const;

/** The item's photos and its units' (`unita_id`), oldest first. */
export function useItemPhotos(itemId: number) {
  return useQuery<ItemPhoto[]>({
    queryKey: itemPhotosKey(itemId),
    queryFn: () => answerOf(server.api.inventario({ id: String(itemId) }).foto.get()),
  });
}

/** Deletes a photo; the item's answers (its picture, its list) are read again. */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => answerOf(server.api.foto({ id: String(photoId) }).delete(), "Foto non eliminata"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventarioKeys.all }),
  });
}
