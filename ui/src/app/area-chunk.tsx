import { type ComponentType, useEffect, useState } from "react";
import { Alert } from "../components/alert";
import { Button } from "../components/button";
import { LoadingState } from "../components/spinner";

/**
 * A role's area, fetched as its own chunk the first time it is needed and kept for the rest of the visit.
 *
 * Not React.lazy: a Suspense boundary that has shown its fallback holds the loaded content back until 300 ms
 * after that fallback appeared (React's reveal throttle). Every page load paid it: at five times the default
 * academy the screens' first calls went out 150–250 ms after their code had arrived.
 */
export interface AreaChunk {
  /** The area, once its chunk has arrived. */
  loaded(): ComponentType | null;
  /** Fetches the chunk (once; again after a failure). */
  load(): Promise<ComponentType>;
}

export function areaChunk(fetchChunk: () => Promise<ComponentType>): AreaChunk {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  return {
    loaded: () => loaded,
    load() {
      loading ??= fetchChunk().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** Shows the area of `chunk`: a spinner while its code arrives, a way to try again if it cannot. */
export function AreaOf({ chunk }: { chunk: AreaChunk }) {
  const [area, setArea] = useState<{ component: ComponentType | null; failed: boolean }>(() => ({
    component: chunk.loaded(),
    failed: false,
  }));

  // Runs again when "Riprova" puts the area back to loading.
  useEffect(() => {
    if (area.component || area.failed) return;
    let current = true;
    chunk.load().then(
      (component) => current && setArea({ component, failed: false }),
      () => current && setArea({ component: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [chunk, area]);

  if (area.component) return <area.component />;
  if (!area.failed) return <FullPageLoading label="Caricamento..." />;
  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <Alert
        tone="error"
        action={
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => setArea({ component: null, failed: false })}
          >
            Riprova
          </Button>
        }
      >
        Impossibile caricare l'applicazione: controlla la connessione e riprova.
      </Alert>
    </div>
  );
}

export function FullPageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingState label={label} />
    </div>
  );
}
