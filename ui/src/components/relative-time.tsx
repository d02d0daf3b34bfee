import { formatDateTime, formatRelativeTime } from "../lib/dates";

/** When something happened, said as how long ago, with the exact date and time on hover. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className={className}>
      {formatRelativeTime(value)}
    </time>
  );
}
