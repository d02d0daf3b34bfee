import { BellOff, BellRing, MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import {
  DESKTOP_MESSAGES,
  type DesktopPermission,
  desktopPermission,
  enableDesktopNotifications,
} from "../../../lib/desktop-notification";

interface DesktopNotificationsControlProps {
  permission: DesktopPermission;
  onPermissionChange: (permission: DesktopPermission) => void;
}

function statusText(permission: DesktopPermission): string {
  if (permission === "unsupported") return DESKTOP_MESSAGES.unsupported;
  if (permission === "denied") return DESKTOP_MESSAGES.denied;
  if (permission === "granted") return DESKTOP_MESSAGES.enabled;
  return DESKTOP_MESSAGES.unavailable;
}

/** The state of desktop notifications, with the button that asks the browser for them. */
export function DesktopNotificationsControl({ permission, onPermissionChange }: DesktopNotificationsControlProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function enable() {
    setBusy(true);
    const outcome = await enableDesktopNotifications();
    setBusy(false);
    setMessage(outcome.message);
    onPermissionChange(desktopPermission());
  }

  const granted = permission === "granted";
  const Icon = granted ? BellRing : permission === "default" ? MonitorSmartphone : BellOff;
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <Icon
          className={`mt-0.5 size-5 shrink-0 ${granted ? "text-emerald-600" : "text-slate-500"}`}
          aria-hidden="true"
        />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">Notifiche desktop</p>
          <p role="status" className="text-slate-500">
            {message ?? statusText(permission)}
          </p>
        </div>
      </div>
      {permission === "default" && (
        <Button variant="secondary" icon={BellRing} busy={busy} onClick={enable} className="w-full">
          Attiva notifiche desktop
        </Button>
      )}
    </div>
  );
}
