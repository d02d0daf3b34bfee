import { ListPlus } from "lucide-react";
import { addToSetCart, hasKit, type SetCartLine, useSetCart } from "../lib/set-cart";
import { Button } from "./button";
import { useToast } from "./toast";

interface AddToSetButtonProps {
  kind: SetCartLine["kind"];
  id: number;
  nome: string;
  disabled?: boolean;
  className?: string;
}

/** "Aggiungi al set": one more unit of a model, or a kit (a set holds one kit, plus any models). */
export function AddToSetButton({ kind, id, nome, disabled = false, className = "" }: AddToSetButtonProps) {
  const lines = useSetCart();
  const showToast = useToast();
  const anotherKit = kind === "kit" && hasKit(lines);
  const inSet = lines.find((line) => line.kind === kind && line.id === id);
  const reason = anotherKit ? "Il set contiene già un kit" : undefined;

  function add() {
    addToSetCart(kind, id, nome);
    showToast(kind === "kit" ? `${nome} aggiunto al set` : `${nome} aggiunto al set (${(inSet?.quantita ?? 0) + 1})`);
  }

  return (
    <Button
      variant="secondary"
      icon={ListPlus}
      onClick={add}
      disabled={disabled || anotherKit}
      title={reason}
      aria-label={`Aggiungi al set: ${nome}`}
      className={`py-2 ${className}`}
    >
      Aggiungi al set
    </Button>
  );
}
