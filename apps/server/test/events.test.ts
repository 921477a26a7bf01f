// GET /api/events over real HTTP: an authenticated Server-Sent Events stream
// that opens with `ready` and carries one `change` event for each import and
// removal another client makes; refused without the token; ended by a
// shutdown, so closing the server never waits on an open console.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.stop());

type Event = { event: string; data: unknown };

/** Reads SSE frames from an answer's body, one `next()` per event. */
function eventsOf(response: Response): { next(): Promise<Event | undefined> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    async next() {
      for (;;) {
        const end = buffered.indexOf("\n\n");
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split("\n").filter((line) => !line.startsWith(":"));
          if (lines.length === 0) continue;
          const field = (name: string) =>
            lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          return { event: field("event") ?? "message", data: JSON.parse(field("data") ?? "null") };
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buffered += value;
      }
    },
  };
}

const openEvents = () => fetch(`${server.url}/api/events`, { headers: server.auth });

describe("GET /api/events", () => {
  it("streams a change for each import and removal", async () => {
    const response = await openEvents();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const events = eventsOf(response);
    expect(await events.next()).toEqual({ event: "ready", data: {} });

    const imported = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/gzip" },
      body: tgzOf("pair", { ...skillFiles("one"), ...skillFiles("two") }),
    });
    expect(imported.status).toBe(201);
    expect(await events.next()).toEqual({
      event: "change",
      data: { kind: "installed", ids: ["one", "two"] },
    });

    const dry = await fetch(`${server.url}/api/imports?dry_run=1&replace=1`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/gzip" },
      body: tgzOf("three", skillFiles("three")),
    });
    expect(dry.status).toBe(200);
    const removed = await fetch(`${server.url}/api/skills/one`, {
      method: "DELETE",
      headers: server.auth,
    });
    expect(removed.status).toBe(200);
    // The dry run changed nothing, so the next event is the removal.
    expect(await events.next()).toEqual({
      event: "change",
      data: { kind: "removed", ids: ["one"] },
    });
  });

  it("refuses a request without the token", async () => {
    const response = await fetch(`${server.url}/api/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("caps open streams, answering too-many-streams, and frees a slot when a client leaves", async () => {
    const capped = await startServer({ maxEventStreams: 2 });
    try {
      const controller = new AbortController();
      const open = () =>
        fetch(`${capped.url}/api/events`, { headers: capped.auth, signal: controller.signal });
      const first = eventsOf(await open());
      const second = eventsOf(await open());
      expect((await first.next())?.event).toBe("ready");
      expect((await second.next())?.event).toBe("ready");
      const refused = await fetch(`${capped.url}/api/events`, { headers: capped.auth });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      const body = await bodyOf(refused);
      expect(body.refusal).toEqual({ code: "too-many-streams", limit: 2 });
      expect(body.message).toContain("2 event streams are already open");
      controller.abort();
      await expect
        .poll(async () => {
          const again = await fetch(`${capped.url}/api/events`, { headers: capped.auth });
          await again.body?.cancel();
          return again.status;
        })
        .toBe(200);
    } finally {
      await capped.stop();
    }
  });

  it("ends open streams when the server closes", async () => {
    const events = eventsOf(await openEvents());
    expect((await events.next())?.event).toBe("ready");
    const started = performance.now();
    await server.app.close();
    expect(await events.next()).toBeUndefined();
    // A close that waited on the stream would last until the 30 s idle timeout.
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
