import { ClipboardList, PackageCheck, QrCode, Wrench } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ItemDetails } from "../../../api/inventario";
import { itemActionLink } from "../../../lib/item-links";

const ACTION_LINK =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * Lend (the direct-loan wizard on this item), open a repair (both on the picked unit, if any), the item's
 * loans, download the QR code of the item's page.
 */
export function ItemActions({ item, unitCode }: { item: ItemDetails; unitCode: string | null }) {
  const [qr, setQr] = useState<string | null>(null);
  const pageUrl = `${window.location.origin}/inventario/${item.id}`;
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(pageUrl, { margin: 1, width: 512 }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [pageUrl]);
  return (
    <nav aria-label="Azioni sull'articolo" className="flex flex-wrap gap-2">
      <Link to={itemActionLink("nuovo-prestito", item.id, unitCode)} className={ACTION_LINK}>
        <PackageCheck className="size-4" aria-hidden="true" />
        Presta
      </Link>
      <Link to={itemActionLink("nuova-riparazione", item.id, unitCode)} className={ACTION_LINK}>
        <Wrench className="size-4" aria-hidden="true" />
        Apri riparazione
      </Link>
      <Link to={`/prestiti?cerca=${encodeURIComponent(item.nome)}`} className={ACTION_LINK}>
        <ClipboardList className="size-4" aria-hidden="true" />
        Prestiti dell'articolo
      </Link>
      {qr && (
        <a href={qr} download={`qr-${item.id}.png`} className={ACTION_LINK}>
          <QrCode className="size-4" aria-hidden="true" />
          Scarica QR
        </a>
      )}
    </nav>
  );
}
