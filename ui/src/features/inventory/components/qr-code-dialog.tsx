import { Download } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { InventoryItem } from "../../../api/inventario";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";

/** The address a printed label leads to: the item in this inventory (never a token). */
function itemLink(id: number): string {
  return `${window.location.origin}/inventario/${id}`;
}

const QR_OPTIONS = { width: 128, margin: 1 };

export function QrCodeDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const link = itemLink(item.id);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(link, QR_OPTIONS)
      .then((dataUrl) => current && setImage(dataUrl))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <Modal title="Codice QR" description={item.nome} onClose={onClose} size="sm">
      <div className="flex flex-col items-center gap-3 text-center">
        {image && (
          <img
            src={image}
            alt={`Codice QR di ${item.nome}`}
            width={128}
            height={128}
            className="rounded-lg border border-slate-200"
          />
        )}
        {!image && !failed && <LoadingState label="Generazione del codice QR..." />}
        {failed && <Alert tone="error">Impossibile generare il codice QR</Alert>}
        <p className="text-xs text-slate-500">Inquadrando il codice si apre questo articolo nell'inventario:</p>
        <p className="max-w-full font-mono text-xs break-words text-slate-700">{link}</p>
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
        {image && (
          <a
            href={image}
            download={`QR-${item.nome}.png`}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Download className="size-4" aria-hidden="true" />
            Scarica PNG
          </a>
        )}
      </ModalActions>
    </Modal>
  );
}
