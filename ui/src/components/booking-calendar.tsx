import { DayPicker, type Matcher, type Modifiers } from "react-day-picker";
import { it as italian } from "react-day-picker/locale";
import { formatItalianDate } from "../../../src/domain/dates";

export interface DateRangeValue {
  from: string | null;
  to: string | null;
}

interface BookingCalendarProps {
  /** Names the calendar for assistive technology, e.g. "Date della richiesta". */
  label: string;
  /** The first and last day that can be picked (`YYYY-MM-DD`): usually today and a year later. */
  firstDay: string;
  lastDay: string;
  /** Days already taken: shown as such, and never pickable. */
  takenDays: ReadonlySet<string>;
  /** Days the desk is closed (closed weekdays, closures): greyed like the days before `firstDay`, never pickable. */
  unavailableDays?: ReadonlySet<string>;
  /** The picked range; without `onChange` the calendar only shows availability. */
  value?: DateRangeValue;
  onChange?: (value: DateRangeValue) => void;
  /** Pick one day only (internal use is a same-day booking): the range starts and ends on it. */
  singleDay?: boolean;
  months?: 1 | 2;
}

/** `YYYY-MM-DD` ↔ a local midnight Date, the day the calendar shows whatever the browser's zone. */
export function dateOf(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export function isoOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const TAKEN_MODIFIER = "occupato";

const DAY_NAME = new Intl.DateTimeFormat("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** A day's accessible name; a taken day says so in words, not by its colour alone: "giovedì 12 marzo 2026, occupato". */
function dayLabel(date: Date, modifiers: Modifiers = {}): string {
  let label = DAY_NAME.format(date);
  if (modifiers.today) label = `Oggi, ${label}`;
  if (modifiers.selected) label += ", selezionato";
  if (modifiers[TAKEN_MODIFIER]) label += ", occupato";
  return label;
}

const LABELS = { labelDayButton: dayLabel, labelGridcell: dayLabel };

/**
 * A month calendar in Italian (weeks from Monday, Italian names and labels whatever the browser's
 * locale) over which a booking's days are picked by mouse, touch or keyboard (arrows, Page Up/Down,
 * Home/End, Enter). Taken and unavailable days are disabled, and a range cannot span one.
 */
export function BookingCalendar({
  label,
  firstDay,
  lastDay,
  takenDays,
  unavailableDays,
  value,
  onChange,
  singleDay = false,
  months = 1,
}: BookingCalendarProps) {
  const taken = (date: Date) => takenDays.has(isoOf(date));
  const disabled: Matcher[] = [{ before: dateOf(firstDay) }, { after: dateOf(lastDay) }, taken];
  if (unavailableDays) disabled.push((date: Date) => unavailableDays.has(isoOf(date)));
  const shared = {
    locale: italian,
    startMonth: dateOf(firstDay),
    endMonth: dateOf(lastDay),
    defaultMonth: dateOf(value?.from ?? firstDay),
    numberOfMonths: months,
    disabled,
    modifiers: { [TAKEN_MODIFIER]: taken },
    modifiersClassNames: { [TAKEN_MODIFIER]: "rdp-taken" },
    labels: LABELS,
    "aria-label": label,
    className: "booking-calendar",
  };
  const summary = value?.from
    ? value.to && value.to !== value.from
      ? `Dal ${formatItalianDate(value.from)} al ${formatItalianDate(value.to)}`
      : `Il ${formatItalianDate(value.from)}`
    : null;

  // `key`: a new first day (the server's "today" arriving after the browser's) starts the calendar on its month.
  return (
    <div className="space-y-2">
      {!onChange ? (
        <DayPicker key={firstDay} {...shared} />
      ) : singleDay ? (
        <DayPicker
          key={firstDay}
          {...shared}
          mode="single"
          selected={value?.from ? dateOf(value.from) : undefined}
          onSelect={(date) => {
            const day = date ? isoOf(date) : null;
            onChange({ from: day, to: day });
          }}
        />
      ) : (
        <DayPicker
          key={firstDay}
          {...shared}
          mode="range"
          excludeDisabled
          selected={value?.from ? { from: dateOf(value.from), to: value.to ? dateOf(value.to) : undefined } : undefined}
          onSelect={(range) =>
            onChange({ from: range?.from ? isoOf(range.from) : null, to: range?.to ? isoOf(range.to) : null })
          }
        />
      )}
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="rdp-legend-taken size-3 rounded-sm" /> Occupato
        </span>
        {unavailableDays && unavailableDays.size > 0 && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-sm border border-slate-300 bg-slate-100" /> Ufficio
            chiuso
          </span>
        )}
        {onChange && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-sm bg-indigo-600" /> Selezionato
          </span>
        )}
        {summary && (
          <span className="font-medium text-slate-900" aria-live="polite">
            {summary}
          </span>
        )}
      </p>
    </div>
  );
}
