import type { ReactNode } from "react";
import { COVERING_INPUT } from "./covering-input";

const ALIGN = { start: "items-start", center: "items-center" };

interface RadioCardProps {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  /** How the contents line up across the card. */
  align?: keyof typeof ALIGN;
  children: ReactNode;
}

/** A card to pick one of a list: a native radio covering the whole card, highlighted when chosen. */
export function RadioCard({ name, checked, disabled, onSelect, align = "center", children }: RadioCardProps) {
  return (
    <label
      className={`relative flex ${ALIGN[align]} gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
        disabled
          ? "cursor-not-allowed border-slate-100 bg-slate-50 opacity-60"
          : checked
            ? "cursor-pointer border-indigo-500 bg-indigo-50"
            : "cursor-pointer border-slate-200 hover:bg-slate-50"
      }`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className={COVERING_INPUT}
      />
      {children}
    </label>
  );
}
