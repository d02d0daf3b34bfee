/** Where a photo is read: the API's own address, answered to whoever may see it (GET /api/foto/:id). */
export const photoUrl = (id: number) => `/api/foto/${id}`;

/** Whether an address is one of PrestaLab's own photos, which the UI reads with the session's token. */
export const isPhotoUrl = (url: string | null | undefined): url is string => /^\/api\/foto\/\d+$/.test(url ?? "");

/** Photos an item keeps, its units' included (the server refuses the next one). */
export const MAX_ITEM_PHOTOS = 10;
