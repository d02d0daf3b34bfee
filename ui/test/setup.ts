import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/" });

const { afterEach, mock } = await import("bun:test");
const { cleanup, configure } = await import("@testing-library/react");
// A screen loads its area's code on first use, and `bun run test` runs these tests beside the server's on
// two cores: findBy's default 1 s, and 3 s too, proved short there. A wait only lasts when something is slow.
configure({ asyncUtilTimeout: 10_000 });
const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  mock.restore();
  localStorage.clear();
  globalThis.fetch = realFetch;
  window.history.replaceState(null, "", "/");
});

// Query results arrive on timers of their own; wrapping their notifications in act() tells React they
// are part of the test, as a user would see them, instead of warning about an update outside act().
const { notifyManager } = await import("@tanstack/react-query");
const { act } = await import("@testing-library/react");
notifyManager.setNotifyFunction((notify) => act(notify));
