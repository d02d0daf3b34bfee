import { KeyRound, LogOut } from "lucide-react";

const BUTTON =
  "flex w-full items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium focus-visible:outline-2";

/** The sidebar's colours, and the mobile menu's (which spaces the buttons itself). */
const TONES = {
  dark: {
    button: `${BUTTON} py-2 text-slate-300 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-indigo-400`,
    changePassword: "",
    signOut: "border border-slate-700",
  },
  light: {
    button: `${BUTTON} py-2.5 text-slate-700 hover:bg-slate-50 focus-visible:outline-indigo-600`,
    changePassword: "mt-4",
    signOut: "mt-2 border border-slate-200",
  },
};

/** "Cambia password" and "Esci" under the signed-in user, in the sidebar and in the mobile menu. */
export function AccountActions({
  tone,
  onChangePassword,
  onSignOut,
}: {
  tone: "dark" | "light";
  onChangePassword: () => void;
  onSignOut: () => void;
}) {
  const colours = TONES[tone];
  return (
    <>
      <button type="button" onClick={onChangePassword} className={`${colours.button} ${colours.changePassword}`}>
        <KeyRound className="size-4" aria-hidden="true" />
        Cambia password
      </button>
      <button type="button" onClick={onSignOut} className={`${colours.button} ${colours.signOut}`}>
        <LogOut className="size-4" aria-hidden="true" />
        Esci
      </button>
    </>
  );
}
