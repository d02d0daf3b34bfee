import { useQueryClient } from "@tanstack/react-query";
import { Images, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { MAX_ITEM_PHOTOS } from "../../../../../src/domain/photos";
import { type ItemDetails, inventarioKeys } from "../../../api/inventario";
import { type ItemPhoto, useDeletePhoto } from "../../../api/photos";
import { Alert } from "../../../components/alert";
import { IconButton } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PhotoUpload } from "../../../components/photo-upload";
import { Picture } from "../../../components/picture";
import { useToast } from "../../../components/toast";

/** What a photo shows, in words: the item, or one of its units by code. */
function subjectOf(item: ItemDetails, photo: ItemPhoto): string {
  const unit = item.unita.find((shown) => shown.id === photo.unita_id);
  return unit ? `unità ${unit.codice_univoco}` : "articolo";
}

/**
 * The desk's photos of an item: each one with its delete, and a new one for the item or for one of its
 * units, dropped, chosen or taken with the phone's camera. The server's refusals are shown as it words them.
 */
export function ItemPhotos({ item, photos }: { item: ItemDetails; photos: ItemPhoto[] }) {
  const subjectId = useId();
  const [unitId, setUnitId] = useState("");
  const [deleting, setDeleting] = useState<ItemPhoto | null>(null);
  const deletePhoto = useDeletePhoto();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const full = photos.length >= MAX_ITEM_PHOTOS;
  return (
    <section aria-labelledby="photos-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="photos-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Images className="size-4 text-slate-500" aria-hidden="true" />
        Foto
        <span className="text-sm font-normal text-slate-600">
          ({photos.length} di {MAX_ITEM_PHOTOS})
        </span>
      </h2>
      {photos.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">Nessuna foto: aggiungine una qui sotto.</p>
      ) : (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="space-y-1">
              <Picture
                url={photo.url}
                alt={`Foto ${index + 1} dell'${subjectOf(item, photo)}`}
                className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
              />
              <div className="flex items-center justify-between gap-1">
                <span className="truncate text-xs text-slate-600">{subjectOf(item, photo)}</span>
                <IconButton
                  icon={Trash2}
                  tone="danger"
                  label={`Elimina la foto ${index + 1}`}
                  onClick={() => setDeleting(photo)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-slate-600">
          L'articolo ha già {MAX_ITEM_PHOTOS} foto: eliminane una per aggiungerne un'altra.
        </p>
      ) : (
        <div className="space-y-2">
          <label htmlFor={subjectId} className="block text-sm font-medium text-slate-700">
            La nuova foto mostra
          </label>
          <select
            id={subjectId}
            value={unitId}
            onChange={(event) => setUnitId(event.target.value)}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-auto"
          >
            <option value="">L'articolo</option>
            {item.unita.map((unit) => (
              <option key={unit.id} value={String(unit.id)}>
                L'unità {unit.codice_univoco}
              </option>
            ))}
          </select>
          <PhotoUpload
            path={`/api/inventario/${item.id}/foto`}
            label="Aggiungi una foto"
            fields={unitId ? { unita_id: unitId } : {}}
            onUploaded={() => {
              showToast("Foto aggiunta");
              void queryClient.invalidateQueries({ queryKey: inventarioKeys.all });
            }}
          />
        </div>
      )}
      {deletePhoto.error && <Alert tone="error">{deletePhoto.error.message}</Alert>}
      {deleting && (
        <ConfirmDialog
          title="Elimina la foto"
          message={`La foto dell'${subjectOf(item, deleting)} sarà eliminata per sempre.`}
          confirmLabel="Elimina"
          busy={deletePhoto.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            deletePhoto.mutate(deleting.id, {
              onSuccess: () => showToast("Foto eliminata"),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </section>
  );
}
