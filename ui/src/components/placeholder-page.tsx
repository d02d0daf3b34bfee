import type { LucideIcon } from "lucide-react";
import { PageHeader } from "./page-header";

/** A view whose content comes in a later release: the right title and a short, honest note. */
export function PlaceholderPage({
  title,
  description,
  icon: Icon,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center shadow-sm">
        <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <p className="font-medium text-slate-700">Sezione in preparazione</p>
        <p className="mt-1 max-w-md text-sm text-slate-500">
          I contenuti di questa sezione saranno disponibili con il prossimo aggiornamento.
        </p>
      </section>
    </>
  );
}
