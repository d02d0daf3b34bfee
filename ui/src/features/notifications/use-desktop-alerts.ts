import { useEffect, useMemo, useRef } from "react";
import { useNewestPendingRequests } from "../../api/richieste";
import { useRepairs } from "../../api/riparazioni";
import { useReports } from "../../api/segnalazioni";
import { DESK_POLL_INTERVAL_MS } from "../../lib/desk-poll";
import { notifyNewReport, notifyNewRequest, notifyRepair } from "../../lib/desktop-notification";

/**
 * Calls `announce` for each entry that was not there at the previous poll. The first poll only sets
 * the baseline: what was already waiting when the page opened is in the drawer, not on the desktop.
 */
function useAnnounceNew<T extends { id: number }>(entries: T[] | undefined, announce: (entry: T) => void) {
  const known = useRef<Set<number> | null>(null);
  const announceRef = useRef(announce);
  announceRef.current = announce;
  useEffect(() => {
    if (!entries) return;
    if (known.current === null) {
      known.current = new Set(entries.map((entry) => entry.id));
      return;
    }
    for (const entry of entries) {
      if (known.current.has(entry.id)) continue;
      known.current.add(entry.id);
      announceRef.current(entry);
    }
  }, [entries]);
}

/** Desktop notifications for new requests, new fault reports and new repairs, while permitted. */
export function useDesktopAlerts(enabled: boolean) {
  const pending = useNewestPendingRequests({ refetchInterval: DESK_POLL_INTERVAL_MS });
  const reports = useReports({ refetchInterval: DESK_POLL_INTERVAL_MS, enabled });
  const repairs = useRepairs({ refetchInterval: DESK_POLL_INTERVAL_MS, enabled });
  const inProgress = useMemo(() => repairs.data?.filter((repair) => repair.stato === "in_corso"), [repairs.data]);

  useAnnounceNew(enabled ? pending.data?.elementi : undefined, notifyNewRequest);
  useAnnounceNew(enabled ? reports.data : undefined, notifyNewReport);
  useAnnounceNew(enabled ? inProgress : undefined, notifyRepair);
}
