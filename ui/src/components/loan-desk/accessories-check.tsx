import { useId } from "react";
import { Button } from "../button";

/** How the desk answered for the accessories: all back in one click, or ticking those that came back. */
export type AccessoryCheck = "tutti" | "spunta" | null;

/** The two answers, a pressed toggle each. */
const CHECK_CHOICES = [
  { choice: "tutti", label: "Tutto restituito" },
  { choice: "spunta", label: "Manca qualcosa" },
] as const;

interface AccessoriesCheckProps {
  accessories: string[];
  check: AccessoryCheck;
  onCheck: (check: AccessoryCheck) => void;
  present: string[];
  onToggle: (accessory: string) => void;
  /** The accessories not ticked, once the desk chose to tick. */
  missing: string[];
}

/** The return's accessories: what is to be checked, then what is missing and what that opens. */
export function AccessoriesCheck({ accessories, check, onCheck, present, onToggle, missing }: AccessoriesCheckProps) {
  const groupId = useId();
  return (
    <fieldset aria-describedby={`${groupId}-hint`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Accessori</legend>
      <div className="mb-2 flex flex-wrap gap-2">
        {CHECK_CHOICES.map(({ choice, label }) => (
          <Button
            key={choice}
            variant={check === choice ? "primary" : "secondary"}
            aria-pressed={check === choice}
            onClick={() => onCheck(choice)}
          >
            {label}
          </Button>
        ))}
      </div>
      {check === "spunta" && (
        <ul aria-label="Accessori rientrati" className="grid gap-1.5 sm:grid-cols-2">
          {accessories.map((accessory) => (
            <li key={accessory}>
              <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  checked={present.includes(accessory)}
                  onChange={() => onToggle(accessory)}
                  className="size-4 accent-indigo-600"
                />
                {accessory}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id={`${groupId}-hint`} className="mt-1 text-xs text-slate-500">
        {check === null
          ? `Da controllare: ${accessories.join(", ")}`
          : missing.length > 0
            ? `Mancano: ${missing.join(", ")}. Restano aperti come mancanze e lo studente viene avvisato.`
            : "Tutti gli accessori sono rientrati"}
      </p>
    </fieldset>
  );
}
